import OAuthPolicy

/// One provider's documents after loading, before validation.
public struct LoadedProvider: Sendable, Hashable {
    package var input: ProviderInput
    package var discovery: DiscoveryDocument?
    /// The protected resource's metadata, for a provider pinned with `init --resource`.
    package var protectedResource: ProtectedResourceDocument?
    /// The Client ID Metadata Document the app hosts, as JSON with its locations.
    package var clientMetadata: JSONValue?
    package var quirks: QuirkFile? {
        didSet {
            redirects = Self.classify(quirks?.redirectURIs)
            postLogoutRedirects = Self.classify(quirks?.postLogoutRedirectURIs)
        }
    }
    /// The quirk file's redirect URIs, each classified once, when the file is loaded, by the
    /// classifier the runtime uses too: every rule and the model read these verdicts.
    package private(set) var redirects: [ClassifiedRedirect]
    /// The post-logout redirect URIs, classified the same way.
    package private(set) var postLogoutRedirects: [ClassifiedRedirect]

    package init(input: ProviderInput, discovery: DiscoveryDocument? = nil, quirks: QuirkFile? = nil) {
        self.input = input
        self.discovery = discovery
        self.quirks = quirks
        self.redirects = Self.classify(quirks?.redirectURIs)
        self.postLogoutRedirects = Self.classify(quirks?.postLogoutRedirectURIs)
    }

    package var name: String { input.name }

    /// The generated type's name: the quirk file's `name`, else one made from the file names.
    package var typeName: String { quirks?.name?.value ?? SwiftNaming.upperCamelCase(name) }

    /// Each endpoint the provider has, the quirk file's `endpoints` overriding the metadata's.
    package var endpoints: [(name: ProviderModel.EndpointName, url: Located<String>)] {
        let overrides = quirks?.endpoints ?? QuirkFile.Endpoints()
        let sources: [(ProviderModel.EndpointName, Located<String>?)] = [
            (.authorization, overrides.authorization ?? discovery?.authorizationEndpoint),
            (.token, overrides.token ?? discovery?.tokenEndpoint),
            (.revocation, overrides.revocation ?? discovery?.revocationEndpoint),
            (.userinfo, overrides.userinfo ?? discovery?.userinfoEndpoint),
            (.endSession, overrides.endSession ?? discovery?.endSessionEndpoint),
            (.jwks, overrides.jwks ?? discovery?.jwksURI),
            (
                .pushedAuthorizationRequest,
                overrides.pushedAuthorizationRequest ?? discovery?.pushedAuthorizationRequestEndpoint
            ),
            (.deviceAuthorization, overrides.deviceAuthorization ?? discovery?.deviceAuthorizationEndpoint),
            (.registration, discovery?.registrationEndpoint),
        ]
        return sources.compactMap { name, url in url.map { (name, $0) } }
    }

    private static func classify(_ uris: [Located<String>]?) -> [ClassifiedRedirect] {
        (uris ?? []).map { ClassifiedRedirect(uri: $0, report: RedirectURIChecker.check($0.value)) }
    }
}
