/// What a key holds, as `TemplateKeyCheck` needs to know it. Not an `indirect` enum: its boxes
/// are referenced through tagged pointers, which LeakSanitizer (FuzzTemplate) reports as leaks.
package enum TemplateShape: Sendable {
    /// Text or a number: printable; as a section, `.` is the text.
    case text
    /// A flag: printable; its section renders where it stands, with the same keys and list item.
    case flag
    /// An item with keys of its own: a section, never printed.
    case object(any TemplateObject.Type)
    /// A list: a section repeated for each item.
    case list(of: Item)

    /// What a list's items are.
    package enum Item: Sendable {
        case text
        case object(any TemplateObject.Type)

        /// The item as `.` inside the list's section.
        var shape: TemplateShape {
            switch self {
            case .text: .text
            case .object(let type): .object(type)
            }
        }
    }
}
