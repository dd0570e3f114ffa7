import Mustache

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
