/// Renders provider models to Swift source with a template set.
public struct Renderer: Sendable {
    let templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    public func render(_ model: ProviderModel) -> String {
        templates.providerClient.render(Self.context(for: model))
    }

    /// The Mustache context: plain dictionaries and arrays, which swift-mustache reads without
    /// reflection.
    static func context(for model: ProviderModel) -> [String: Any] {
        let arguments = model.configurationArguments.enumerated().map { index, argument in
            ["label": argument.label, "expression": argument.expression,
             "last": index == model.configurationArguments.count - 1] as [String: Any]
        }
        return [
            "providerName": model.providerName,
            "typeName": model.typeName,
            "access": model.accessLevel.rawValue,
            "sourceFiles": model.sourceFiles.joined(separator: " and "),
            "isOpenIDConnect": model.isOpenIDConnect,
            "configurationArguments": arguments,
            "scopes": model.scopes.map {
                ["identifier": $0.identifier, "literal": $0.literal, "documentation": $0.documentation]
            },
            "claims": model.claims.map {
                ["identifier": $0.identifier, "keyLiteral": $0.keyLiteral, "swiftType": $0.swiftType,
                 "documentation": $0.documentation, "isRequired": $0.isRequired] as [String: Any]
            },
        ]
    }
}
