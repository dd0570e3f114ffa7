import OAuthPolicy

// The template context, version 3 (`Templates/README.md` documents each key): the model's own
// values, read through these keys. Text from an input file reaches a template only as an escaped
// string literal (`SwiftNaming.stringLiteral`) or as comment text (`SwiftNaming.docCommentText`).

extension ProviderModel: TemplateObject {
    package static let templateKeys: [String: TemplateKey<ProviderModel>] = [
        "contextVersion": .number { _ in TemplateContext.version },
        "sourceFiles": .text { $0.sourceFiles.map(SwiftNaming.docCommentText).joined(separator: " and ") },
        "providerName": .text { SwiftNaming.docCommentText($0.providerName) },
        "typeName": .text(\.typeName),
        "access": .text(\.accessLevel.rawValue),
        "isOpenIDConnect": .flag(\.isOpenIDConnect),
        "hasRevocation": .flag(\.capabilities.revocation),
        "hasUserInfo": .flag(\.capabilities.userInfo),
        "hasEndSession": .flag(\.capabilities.endSession),
        "hasDeviceAuthorization": .flag(\.capabilities.deviceAuthorization),
        "usesDPoP": .flag(\.capabilities.dpop),
        "isBuildVerified": .flag(\.capabilities.buildVerified),
        "hasNativeSSO": .flag(\.capabilities.nativeSSO),
        "familyKeychainAccessGroup": .text { $0.familyKeychainAccessGroup.map(SwiftNaming.stringLiteral) },
        "issuer": .text { $0.issuer.map(SwiftNaming.stringLiteral) },
        "issuerPlaceholders": .list(\.issuerTemplate),
        "endpoints": .list(\.endpoints),
        "metadataArguments": .list(\.metadataArguments),
        "quirkArguments": .list(\.quirkArguments),
        "clientID": .text { $0.clientID.map(SwiftNaming.stringLiteral) },
        "resource": .text { $0.resource.map(SwiftNaming.stringLiteral) },
        "defaultScopes": .texts { $0.defaultScopes.map(SwiftNaming.stringLiteral) },
        "scopes": .list(\.scopes),
        "redirectURIs": .list(\.redirectURIs),
        "postLogoutRedirectURIs": .list(\.postLogoutRedirectURIs),
        "prompts": .list(\.prompts),
        "acrValues": .list(\.acrValues),
        "claims": .list(\.claims),
        "userInfoMembers": .list(\.userInfoMembers),
    ]
}

extension ProviderModel.IssuerPlaceholder: TemplateObject {
    package static let templateKeys: [String: TemplateKey<Self>] = [
        "name": .text { SwiftNaming.stringLiteral($0.name) },
        "claim": .text { SwiftNaming.stringLiteral($0.claim) },
    ]
}

extension ProviderModel.Endpoint: TemplateObject {
    package static let templateKeys: [String: TemplateKey<Self>] = [
        "label": .text(\.name.rawValue),
        // Validation has checked that Foundation's `URL(string:)` parses it.
        "url": .text { SwiftNaming.stringLiteral($0.url) },
    ]
}

extension ProviderModel.Constant: TemplateObject {
    package static let templateKeys: [String: TemplateKey<Self>] = [
        "identifier": .text(\.identifier),
        "literal": .text { SwiftNaming.stringLiteral($0.value) },
        "documentation": .text { SwiftNaming.docCommentText($0.documentation) },
    ]
}

extension ProviderModel.RedirectCase: TemplateObject {
    package static let templateKeys: [String: TemplateKey<Self>] = [
        "identifier": .text(\.identifier),
        "literal": .text { SwiftNaming.stringLiteral($0.uri) },
        "kind": .text(\.kind.rawValue),
        "documentation": .text { redirect in
            let port = redirect.kind == .loopback ? ": the listener adds the port it binds" : ""
            return SwiftNaming.docCommentText("`\(redirect.uri)`. A \(redirect.kind)\(port).")
        },
    ]
}

extension ProviderModel.Claim: TemplateObject {
    package static let templateKeys: [String: TemplateKey<Self>] = [
        "identifier": .text(\.identifier),
        "keyLiteral": .text { SwiftNaming.stringLiteral($0.name) },
        "swiftType": .text(\.type.swiftType),
        "documentation": .text { SwiftNaming.docCommentText($0.documentation) },
        "isRequired": .flag(\.isRequired),
    ]
}

extension ProviderModel.ClaimType {
    /// The property's type without the optional mark: one the runtime or Foundation declares.
    var swiftType: String {
        switch self {
        case .string: "String"
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .date: "Date"
        case .strings: "[String]"
        case .audience: "Audience"
        case .address: "AddressClaim"
        case .anyJSON: "ClaimValue"
        }
    }
}

extension ProviderModel.Pair: TemplateObject {
    package static let templateKeys: [String: TemplateKey<Self>] = [
        "name": .text { SwiftNaming.stringLiteral($0.name) },
        "value": .text { SwiftNaming.stringLiteral($0.value) },
    ]
}

extension ConfigurationArgument: TemplateObject {
    package static let templateKeys: [String: TemplateKey<Self>] = [
        "label": .text(\.label),
        "isString": .flag { if case .string = $0.value { true } else { false } },
        "string": .text { if case .string(let text) = $0.value { SwiftNaming.stringLiteral(text) } else { nil } },
        "isEnumCase": .flag { if case .enumCase = $0.value { true } else { false } },
        "caseName": .text { if case .enumCase(let name) = $0.value { name } else { nil } },
        "isTrue": .flag { $0.value == .true },
        "isStrings": .flag { if case .strings = $0.value { true } else { false } },
        "strings": .texts {
            if case .strings(let values) = $0.value { values.map(SwiftNaming.stringLiteral) } else { [] }
        },
        "isParameters": .flag { if case .parameters = $0.value { true } else { false } },
        "parameters": .list { if case .parameters(let pairs) = $0.value { pairs } else { [] } },
        "isTokenResponseQuirks": .flag { if case .tokenResponseQuirks = $0.value { true } else { false } },
        "arguments": .list { if case .tokenResponseQuirks(let arguments) = $0.value { arguments } else { [] } },
    ]
}
