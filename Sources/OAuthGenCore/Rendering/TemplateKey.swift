/// One key of a ``TemplateObject``: what it holds, for checking templates before they render,
/// and how to read it.
package struct TemplateKey<Object>: Sendable {
    /// What a template may do with the key.
    let shape: TemplateShape
    let read: @Sendable (Object) -> Any?

    /// Text printed as it is: Swift source the key has made safe (a literal, an identifier,
    /// comment text), or `nil` where the value is absent.
    package static func text(_ read: @escaping @Sendable (Object) -> String?) -> Self {
        Self(shape: .text, read: { read($0) })
    }

    /// A number.
    package static func number(_ read: @escaping @Sendable (Object) -> Int) -> Self {
        Self(shape: .text, read: { read($0) })
    }

    /// A flag, for `{{#key}}` and `{{^key}}`.
    package static func flag(_ read: @escaping @Sendable (Object) -> Bool) -> Self {
        Self(shape: .flag, read: { read($0) })
    }

    /// A list of items with keys of their own.
    package static func list<Item: TemplateObject>(_ read: @escaping @Sendable (Object) -> [Item]) -> Self {
        Self(shape: .list(of: .object(Item.self)), read: { read($0) })
    }

    /// A list of texts, each printed as `{{.}}`.
    package static func texts(_ read: @escaping @Sendable (Object) -> [String]) -> Self {
        Self(shape: .list(of: .text), read: { read($0) })
    }
}
