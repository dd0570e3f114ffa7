import Mustache

/// What a template sees when it renders one provider: the model's own value types, each naming
/// the keys a template may use and reading them from its plain values. The keys are the only
/// place a value from an input file turns into Swift source (an escaped literal, comment-safe
/// text), so a template decides layout and Swift spelling, never escaping.
///
/// The shape is part of oauthgen's API for `--templates` overrides and is versioned: a template
/// states the version it was written for in a comment, `{{! oauthgen-template-context 3 }}`,
/// and a template that names a key this version does not have is refused with the key's line
/// and column (Mustache itself would render a misspelt key as empty text). `Templates/README.md`
/// documents every key.
package enum TemplateContext {
    /// The version of the shape; bumped whenever a key is renamed or removed.
    package static let version = 3

    /// The type a template renders: its keys are the template's top level.
    package typealias Root = ProviderModel
}

/// A value a template can open as a section. swift-mustache asks it for each key by name
/// (`MustacheParent`), which is a dictionary lookup: reflecting over a struct for every tag of
/// every loop iteration made a whole run six times slower.
package protocol TemplateObject: MustacheParent, Sendable {
    /// Every key a template may use inside this value's section, and how to read it.
    static var templateKeys: [String: TemplateKey<Self>] { get }
}

extension TemplateObject {
    /// What each key holds.
    static var templateShapes: [String: TemplateShape] { templateKeys.mapValues(\.shape) }

    /// The key's value, or `nil` (then Mustache looks in the enclosing sections, as for any key).
    package func child(named name: String) -> Any? {
        Self.templateKeys[name]?.read(self)
    }
}

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
