/// The kind of input a file name announces.
package enum InputFileKind: String, Sendable, Hashable, CaseIterable {
    case openIDConfiguration = ".openid-configuration.json"
    case authorizationServerMetadata = ".oauth-authorization-server.json"
    case quirks = ".quirks.plist"
    case protectedResource = ".oauth-protected-resource.json"
    case clientMetadata = ".client-metadata.json"

    /// The slot of ``ProviderInput`` a file of this kind fills, and what the slot holds, as a
    /// duplicate's message names it; both discovery kinds share one.
    var slot: (path: WritableKeyPath<ProviderInput, String?>, what: String) {
        switch self {
        case .openIDConfiguration, .authorizationServerMetadata: (\.discoveryPath, "discovery document")
        case .quirks: (\.quirksPath, "quirk file")
        case .protectedResource: (\.resourcePath, "protected resource metadata document")
        case .clientMetadata: (\.clientMetadataPath, "client metadata document")
        }
    }

    /// Every kind's file name, for a message: `<provider>.openid-configuration.json, … or
    /// <provider>.client-metadata.json`.
    static var expectedNames: String {
        let names = allCases.map { "<provider>" + $0.rawValue }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// The kind and provider name of a file, from its last path component.
    package static func classify(fileName: String) -> (kind: InputFileKind, provider: String)? {
        for kind in allCases where fileName.hasSuffix(kind.rawValue) && fileName.count > kind.rawValue.count {
            return (kind, String(fileName.dropLast(kind.rawValue.count)))
        }
        return nil
    }
}
