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
            "claims": claims(model.claims),
            "userInfoMembers": claims(model.userInfoMembers),
            "redirectURIs": model.redirectURIs.map {
                ["identifier": $0.identifier, "literal": $0.literal, "kind": $0.kind, "documentation": $0.documentation]
            },
            "hasRedirectURIs": !model.redirectURIs.isEmpty,
            "prompts": model.prompts.map {
                ["identifier": $0.identifier, "literal": $0.literal, "documentation": $0.documentation]
            },
            "hasPrompts": !model.prompts.isEmpty,
            "hasUserInfoMembers": !model.userInfoMembers.isEmpty,
            "hasRevocation": model.capabilities.revocation,
            "hasUserInfo": model.capabilities.userInfo,
            "hasEndSession": model.capabilities.endSession,
            "hasDeviceAuthorization": model.capabilities.deviceAuthorization,
            "usesDPoP": model.capabilities.dpop,
        ]
    }

    /// Claims or userinfo members; `last` marks the end of the memberwise initializer's list.
    private static func claims(_ claims: [ProviderModel.Claim]) -> [[String: Any]] {
        claims.enumerated().map { index, claim in
            ["identifier": claim.identifier, "keyLiteral": claim.keyLiteral, "swiftType": claim.swiftType,
             "documentation": claim.documentation, "isRequired": claim.isRequired, "last": index == claims.count - 1] as [String: Any]
        }
    }
}
