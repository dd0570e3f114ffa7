/// The shapes a JSON value and a property-list value share.
package enum DocumentShape<Value, KeyedElement> {
    /// An object or `<dict>`, its members in document order.
    case keyed([KeyedElement])
    /// An array.
    case array([Value])
    /// A string.
    case string(String)
    /// A boolean.
    case bool(Bool)
    /// A number, null, a date or data.
    case other
}
