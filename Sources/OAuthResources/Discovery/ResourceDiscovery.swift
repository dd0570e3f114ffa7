import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// Discovery from a protected resource (RFC 9728 §5, §3; RFC 8414 §3; OIDC Discovery §4), in the
/// order MCP clients follow:
///
/// 1. An unauthenticated request to the resource; a 401's `resource_metadata` names the metadata.
/// 2. Without one, the well-known URL made from the resource's URL, then the origin's.
/// 3. The metadata is checked (``ProtectedResource``); its first authorization server's metadata
///    comes from RFC 8414 with the path inserted, else OpenID Connect Discovery (path inserted,
///    then appended), its `issuer` required to be the one the resource named, and what the grant
///    the client will use there needs (`ResourceServerGrant`): an authorization endpoint and
///    `S256` in its `code_challenge_methods_supported` for a browser sign-in (the MCP
///    authorization spec's PKCE rule), the ID-JAG profile or the jwt-bearer grant for an
///    enterprise identity.
/// 4. Its tokens are bound to a DPoP key (RFC 9449) where the resource requires it or challenges
///    with `DPoP`, or its server lists an algorithm the runtime signs with (`DPoPPolicy`).
///
/// Every URL is https (http on 127.0.0.1 or [::1] only with `allowInsecureLoopback`), no
/// redirect is followed, and nothing is sent but GETs without credentials.
public enum ResourceDiscovery {
    /// Discovers `resource`'s metadata and its authorization server's.
    ///
    /// - Throws: `OAuthError/Kind/insecureEndpoint` for an http URL off the loopback address,
    ///   `OAuthError/Kind/invalidDiscoveryDocument` when no metadata is found or it fails a
    ///   check, `OAuthError/Kind/network` when a server cannot be reached.
    /// - Parameters:
    ///   - resource: the resource's URL, as the app calls it.
    ///   - transport: how to reach the resource and its servers.
    ///   - allowInsecureLoopback: accept http on 127.0.0.1 or [::1], for local servers.
    ///   - knownServer: the configuration already known for an issuer the resource (by its
    ///     identifier) names, kept with a registration, used instead of fetching the server's
    ///     metadata again; `nil` to fetch it.
    public static func discover(
        resource: URL, transport: any HTTPTransport, allowInsecureLoopback: Bool = false,
        knownServer: @Sendable (_ issuer: String, _ resource: URL) async -> ProviderConfiguration? = { _, _ in nil }
    )
        async throws(OAuthError) -> DiscoveredResource
    {
        try await discover(
            resource: resource, transport: transport, allowInsecureLoopback: allowInsecureLoopback,
            grant: .authorizationCode,
            dpop: false, knownServer: knownServer)
    }

    /// ``discover(resource:transport:allowInsecureLoopback:knownServer:)`` for a client that will
    /// use `grant` at the authorization server: its metadata is checked for that grant alone.
    static func discover(
        resource: URL, transport: any HTTPTransport, allowInsecureLoopback: Bool, grant: ResourceServerGrant,
        dpop forced: Bool,
        knownServer: @Sendable (_ issuer: String, _ resource: URL) async -> ProviderConfiguration?
    )
        async throws(OAuthError) -> DiscoveredResource
    {
        try EndpointPolicy.requireSecure(
            resource, name: "protected resource", allowInsecureLoopback: allowInsecureLoopback)
        // The one walk (ResourceDiscoveryWalk, which `oauthgen init --resource` takes too), with
        // the runtime's fetch, checks and errors.
        let found = try await ResourceDiscoveryWalk.walk(
            resource: resource.absoluteString,
            fetch: {
                (
                    url: String, target: ResourceDiscoveryWalk.Target
                ) async throws(OAuthError) -> ResourceDiscoveryWalk.Answer in
                guard let parsed = URL(string: url) else {
                    throw OAuthError.invalidDiscoveryDocument("expected the \(target) at a URL, found \"\(url)\"")
                }
                try EndpointPolicy.requireSecure(
                    parsed, name: target.description, allowInsecureLoopback: allowInsecureLoopback)
                let response = try await transport.send(
                    HTTPRequest(method: "GET", url: parsed, headers: ["Accept": "application/json"]),
                    to: target.description)
                return ResourceDiscoveryWalk.Answer(
                    status: response.status, body: [UInt8](response.body),
                    wwwAuthenticate: response.header("WWW-Authenticate"))
            },
            readMetadata: { (candidate, body) throws(OAuthError) -> (metadata: ProtectedResource, issuer: String) in
                let metadata: ProtectedResource
                do throws(OAuthError) {
                    let object = try ProtectedResource.object(Data(body))
                    let expected = ResourceDiscoveryPlan.expectedResource(
                        for: candidate, stated: object["resource"]?.stringValue)
                    metadata = try ProtectedResource(
                        metadata: object, expectedResource: expected, allowInsecureLoopback: allowInsecureLoopback)
                } catch {
                    throw OAuthError(
                        error.kind, "in the protected resource metadata at \(candidate.url): \(error.message)")
                }
                guard let issuer = metadata.authorizationServers.first else {
                    throw OAuthError.invalidDiscoveryDocument(
                        "expected the protected resource metadata to name an authorization server, found none")
                }
                return (metadata, issuer)
            },
            knownServer: {
                (
                    issuer, metadata
                ) async -> (configuration: ProviderConfiguration, clientIDMetadataDocumentSupported: Bool)? in
                guard var known = await knownServer(issuer, metadata.identifier), known.issuer == issuer else {
                    return nil
                }
                // Checked (issuer, S256) when it was discovered; a metadata document's support is
                // not kept, and a client that uses one never has a known server. What the
                // resource decides (its identifier, DPoP) is decided again below.
                known.resource = nil
                known.quirks.dpop = false
                return (known, false)
            },
            readServer: {
                (
                    issuer, _, _, body
                ) throws(OAuthError) -> (configuration: ProviderConfiguration, clientIDMetadataDocumentSupported: Bool)
                in
                let object = try ProviderConfiguration.discoveryObject(Data(body))
                let configuration = try ProviderConfiguration(
                    discoveryObject: object, expectedIssuer: issuer, client: ClientRegistration())
                // Before any registration, browser or identity provider: a server whose metadata does
                // not say it takes the grant the client will use.
                // The configuration read the grant members; its PKCE list cannot tell absent from
                // empty, which the refusal's message does, so that one is read here.
                var methods: [String]?
                if case .array(let values)? = object["code_challenge_methods_supported"] {
                    methods = values.compactMap(\.stringValue)
                }
                let members = ResourceServerGrant.ServerMetadata(
                    hasAuthorizationEndpoint: configuration.endpoints.authorization != nil,
                    codeChallengeMethods: methods,
                    grantTypes: configuration.metadata.grantTypesSupported,
                    grantProfiles: configuration.metadata.authorizationGrantProfilesSupported,
                    hasDeviceAuthorizationEndpoint: configuration.endpoints.deviceAuthorization != nil)
                if let refusal = grant.refusal(members, issuer: issuer) {
                    throw OAuthError.invalidDiscoveryDocument(refusal)
                }
                return (configuration, object["client_id_metadata_document_supported"] == .bool(true))
            },
            stop: { stop in
                if case .invalidResource = stop { return OAuthError.invalidConfiguration(stop.description) }
                return OAuthError.invalidDiscoveryDocument(stop.description)
            })
        let metadata = found.metadata
        var configuration = found.server.configuration
        configuration.resource = metadata.identifier
        // Bound to a DPoP key where the resource or its server asks for it, or the app does.
        configuration.quirks.dpop = DPoPPolicy.bindsResourceTokens(
            forced: forced, resourceRequires: metadata.dpopBoundAccessTokensRequired,
            challengeScheme: found.challenge?.scheme,
            serverAlgorithms: configuration.metadata.dpopSigningAlgorithms)
        let scopes = ResourceDiscoveryPlan.signInScopes(
            challenge: found.challenge?.scopes, resourceScopes: metadata.scopesSupported,
            serverScopes: configuration.metadata.scopesSupported)
        return DiscoveredResource(
            resource: metadata, configuration: configuration, scopes: scopes,
            clientIDMetadataDocumentSupported: found.server.clientIDMetadataDocumentSupported)
    }
}
