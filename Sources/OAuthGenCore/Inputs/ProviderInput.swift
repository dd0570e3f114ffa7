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

    package init(
        name: String, discoveryPath: String? = nil, discoveryKind: DiscoveryDocument.Kind? = nil,
        quirksPath: String? = nil
    ) {
        self.name = name
        self.discoveryPath = discoveryPath
        self.discoveryKind = discoveryKind
        self.quirksPath = quirksPath
    }

    /// The input files, discovery first.
    package var paths: [String] { [discoveryPath, quirksPath, resourcePath, clientMetadataPath].compactMap { $0 } }
}
