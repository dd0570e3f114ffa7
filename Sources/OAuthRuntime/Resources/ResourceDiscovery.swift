import Foundation
internal import OAuthPolicy

/// Discovery from a protected resource (RFC 9728 §5, §3; RFC 8414 §3; OIDC Discovery §4), in the
/// order MCP clients follow:
///
/// 1. An unauthenticated request to the resource; a 401's `resource_metadata` names the metadata.
/// 2. Without one, the well-known URL made from the resource's URL, then the origin's.
/// 3. The metadata is checked (``ProtectedResource``); its first authorization server's metadata
///    comes from RFC 8414 with the path inserted, else OpenID Connect Discovery (path inserted,
///    then appended), its `issuer` required to be the one the resource named, and `S256` required
///    in its `code_challenge_methods_supported` (the MCP authorization spec's PKCE rule).
///
/// Every URL is https (http on 127.0.0.1 or [::1] only with `allowInsecureLoopback`), no
/// redirect is followed, and nothing is sent but GETs without credentials.
public enum ResourceDiscovery {
    /// Discovers `resource`'s metadata and its authorization server's.
    ///
    /// - Throws: ``OAuthError/Kind/insecureEndpoint`` for an http URL off the loopback address,
    ///   ``OAuthError/Kind/invalidDiscoveryDocument`` when no metadata is found or it fails a
    ///   check, ``OAuthError/Kind/network`` when a server cannot be reached.
    /// - Parameters:
    ///   - resource: the resource's URL, as the app calls it.
    ///   - transport: how to reach the resource and its servers.
    ///   - allowInsecureLoopback: accept http on 127.0.0.1 or [::1], for local servers.
    ///   - knownServer: the configuration already known for an issuer the resource (by its
    ///     identifier) names, kept with a registration, used instead of fetching the server's
    ///     metadata again; `nil` to fetch it.
    public static func discover(resource: URL, transport: any HTTPTransport, allowInsecureLoopback: Bool = false,
                                knownServer: @Sendable (_ issuer: String, _ resource: URL) async -> ProviderConfiguration? = { _, _ in nil })
        async throws(OAuthError) -> DiscoveredResource {
        try EndpointPolicy.requireSecure(resource, name: "protected resource", allowInsecureLoopback: allowInsecureLoopback)
        let probe = try await transport.send(HTTPRequest(method: "GET", url: resource, headers: ["Accept": "application/json"]), to: "protected resource")
        let bearer = probe.status == 401 ? ResourceChallenge.tokenChallenge(probe.header("WWW-Authenticate")) : nil

        let metadata = try await resourceMetadata(for: resource, named: bearer?.resourceMetadata, transport: transport, allowInsecureLoopback: allowInsecureLoopback)
        guard let issuer = metadata.authorizationServers.first else {
            throw OAuthError.invalidDiscoveryDocument("expected the protected resource metadata to name an authorization server, found none")
        }
        var configuration: (configuration: ProviderConfiguration, clientIDMetadataDocumentSupported: Bool)
        if var known = await knownServer(issuer, metadata.identifier), known.issuer == issuer {
            // Checked (issuer, S256) when it was discovered; a metadata document's support is
            // not kept, and a client that uses one never has a known server. What the resource
            // decides (its identifier, DPoP) is decided again below from its metadata of now.
            known.resource = nil
            known.quirks.dpop = false
            configuration = (known, false)
        } else {
            configuration = try await authorizationServer(issuer, transport: transport, allowInsecureLoopback: allowInsecureLoopback)
        }
        configuration.configuration.resource = metadata.identifier
        // RFC 9728 §2: the resource refuses bearer tokens, so the client binds its tokens.
        if metadata.dpopBoundAccessTokensRequired { configuration.configuration.quirks.dpop = true }
        let scopes = Self.signInScopes(named: bearer?.scopes ?? metadata.scopesSupported,
                                       serverScopes: configuration.configuration.metadata.scopesSupported)
        return DiscoveredResource(resource: metadata, configuration: configuration.configuration, scopes: scopes,
                                  clientIDMetadataDocumentSupported: configuration.clientIDMetadataDocumentSupported)
    }

    /// The scopes a first sign-in asks for: those the resource named, with `offline_access`
    /// exactly when the authorization server lists it in `scopes_supported` (the MCP
    /// authorization spec, SEP-2207): a refresh token then outlives the process, and a server
    /// that does not list it is never asked for it, whatever the resource said.
    static func signInScopes(named: [String], serverScopes: [String]) -> [String] {
        let offlineAccess = "offline_access"
        var scopes = named.filter { $0 != offlineAccess }
        if serverScopes.contains(offlineAccess) { scopes.append(offlineAccess) }
        return scopes
    }

    /// The metadata the 401 named, else the well-known locations (RFC 9728 §3.1), the first one
    /// answering 200.
    static func resourceMetadata(for resource: URL, named: String?, transport: any HTTPTransport, allowInsecureLoopback: Bool) async throws(OAuthError) -> ProtectedResource {
        let requested = resource.absoluteString
        guard let candidates = ResourceDiscoveryPlan.metadataCandidates(resource: requested, named: named) else {
            throw OAuthError.invalidConfiguration("expected the protected resource to be an https URL without a fragment, found \(requested)")
        }
        var tried: [String] = []
        for candidate in candidates {
            guard let url = URL(string: candidate.url) else { continue }
            try EndpointPolicy.requireSecure(url, name: "protected resource metadata", allowInsecureLoopback: allowInsecureLoopback)
            let response = try await transport.send(HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]), to: "protected resource metadata")
            guard response.status == 200 else {
                tried.append("HTTP \(response.status) at \(candidate.url)")
                continue
            }
            do {
                let object = try ProtectedResource.object(response.body)
                let expected = ResourceDiscoveryPlan.expectedResource(for: candidate, stated: object["resource"]?.stringValue)
                return try ProtectedResource(metadata: object, expectedResource: expected, allowInsecureLoopback: allowInsecureLoopback)
            } catch {
                throw OAuthError(error.kind, "in the protected resource metadata at \(candidate.url): \(error.message)")
            }
        }
        throw OAuthError.invalidDiscoveryDocument("expected protected resource metadata (RFC 9728) for \(requested), found \(tried.joined(separator: "; "))")
    }

    /// The authorization server `issuer`'s configuration from the first of its metadata
    /// locations that answers 200; its `issuer` must be `issuer` exactly.
    static func authorizationServer(_ issuer: String, transport: any HTTPTransport, allowInsecureLoopback: Bool) async throws(OAuthError) -> (configuration: ProviderConfiguration, clientIDMetadataDocumentSupported: Bool) {
        guard let parsed = try? ServerURL(parsing: issuer) else {
            throw OAuthError.invalidDiscoveryDocument("expected the authorization server to be an issuer URL, found \(issuer)")
        }
        var tried: [String] = []
        for (location, _) in ResourceDiscoveryPlan.authorizationServerLocations(issuer: parsed) {
            guard let url = URL(string: location) else { continue }
            try EndpointPolicy.requireSecure(url, name: "authorization server metadata", allowInsecureLoopback: allowInsecureLoopback)
            let response = try await transport.send(HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]), to: "authorization server metadata")
            guard response.status == 200 else {
                tried.append("HTTP \(response.status) at \(location)")
                continue
            }
            let object = try ProviderConfiguration.discoveryObject(response.body)
            let configuration = try ProviderConfiguration(discoveryObject: object, expectedIssuer: issuer, client: ClientRegistration())
            // Before any registration or browser: a server that does not say it does S256.
            var methods: [String]?
            if case .array(let values)? = object["code_challenge_methods_supported"] { methods = values.compactMap(\.stringValue) }
            if let refusal = ResourceDiscoveryPlan.pkceRefusal(codeChallengeMethods: methods, issuer: issuer) {
                throw OAuthError.invalidDiscoveryDocument(refusal)
            }
            return (configuration, object["client_id_metadata_document_supported"] == .bool(true))
        }
        throw OAuthError.invalidDiscoveryDocument("expected authorization server metadata for \(issuer) (RFC 8414, OpenID Connect Discovery), found \(tried.joined(separator: "; "))")
    }
}
