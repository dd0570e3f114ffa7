/// The files that describe one provider, grouped by the provider name in their file names.
package struct ProviderInput: Sendable, Hashable {
    /// The lowercase name shared by the files, e.g. `google` for `google.quirks.plist`.
    package var name: String
    /// `<name>.openid-configuration.json` or `<name>.oauth-authorization-server.json`.
    package var discoveryPath: String?
    package var discoveryKind: DiscoveryDocument.Kind?
    /// `<name>.quirks.plist`.
    package var quirksPath: String?
    /// `<name>.oauth-protected-resource.json`: the resource the tokens are for (RFC 9728).
    package var resourcePath: String?
    /// `<name>.client-metadata.json`: the Client ID Metadata Document the app hosts at its
    /// client ID, checked against the quirk file so the two cannot drift apart.
    package var clientMetadataPath: String?

    package init(name: String, discoveryPath: String? = nil, discoveryKind: DiscoveryDocument.Kind? = nil, quirksPath: String? = nil) {
        self.name = name
        self.discoveryPath = discoveryPath
        self.discoveryKind = discoveryKind
        self.quirksPath = quirksPath
    }

    /// The input files, discovery first.
    package var paths: [String] { [discoveryPath, quirksPath, resourcePath, clientMetadataPath].compactMap { $0 } }
}

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
