/// Where a client looks for a protected resource's metadata and its authorization server's, in
/// order (RFC 9728 §3.1, §5.1; RFC 8414 §3; OIDC Discovery §4; the MCP authorization spec's
/// order): one plan for `oauthgen init --resource` and the runtime's `ResourceDiscovery`.
public enum ResourceDiscoveryPlan {
    /// A place the resource's metadata may be, and the `resource` it must then state.
    public struct MetadataCandidate: Sendable, Hashable {
        /// The URL to fetch.
        public var url: String
        /// The identifiers the document may state (RFC 9728 §3.3): the request's URL for the
        /// document a 401 named or the path-inserted one, the origin (with or without its `/`)
        /// for the origin's.
        public var expectedResources: [String]

        /// A candidate from its parts.
        public init(url: String, expectedResources: [String]) {
            self.url = url
            self.expectedResources = expectedResources
        }
    }

    /// The 401's `resource_metadata` alone when it named one; else the path-inserted well-known
    /// URL, then the origin's. `nil` when `resource` is not an https or http URL.
    public static func metadataCandidates(resource: String, named: String?) -> [MetadataCandidate]? {
        if let named { return [MetadataCandidate(url: named, expectedResources: [resource])] }
        guard let parsed = try? ServerURL(parsing: resource) else { return nil }
        var candidates = [
            MetadataCandidate(
                url: WellKnownLocation.protectedResourceMetadata(forResource: parsed), expectedResources: [resource])
        ]
        let root = parsed.origin + "/.well-known/oauth-protected-resource"
        if root != candidates[0].url {
            candidates.append(MetadataCandidate(url: root, expectedResources: [parsed.origin, parsed.origin + "/"]))
        }
        return candidates
    }

    /// Where an authorization server's metadata may be, in order: RFC 8414 with the path
    /// inserted, OpenID Connect with it inserted, then appended (one place for an issuer
    /// without a path). `isOpenIDConnect` tells which document a location holds.
    public static func authorizationServerLocations(issuer: ServerURL) -> [(url: String, isOpenIDConnect: Bool)] {
        var locations = [
            (url: WellKnownLocation.authorizationServerMetadata(forIssuer: issuer), isOpenIDConnect: false)
        ]
        for url in [
            WellKnownLocation.openIDConfigurationInserted(forIssuer: issuer),
            WellKnownLocation.openIDConfiguration(forIssuer: issuer),
        ]
        where !locations.contains(where: { $0.url == url }) {
            locations.append((url, true))
        }
        return locations
    }

    /// Why a client of a protected resource must not sign in at an authorization server whose
    /// metadata lists `codeChallengeMethods` (`nil`: the member is absent), or `nil` when it may.
    ///
    /// The MCP authorization spec (Security Considerations, "Authorization Code Protection"):
    /// PKCE support is known only from the metadata, a server that does not list `S256` — the
    /// member absent included, for RFC 8414 and OpenID Connect documents alike — is refused, and
    /// the client does not proceed. One rule for `oauthgen init --resource` and the runtime.
    public static func pkceRefusal(codeChallengeMethods: [String]?, issuer: String) -> String? {
        guard let methods = codeChallengeMethods else {
            return
                "expected the authorization server \(issuer) to list \"S256\" in \"code_challenge_methods_supported\", found the member missing: a client of a protected resource does not sign in where PKCE support is not stated (MCP authorization, PKCE)"
        }
        if methods.contains(PKCEChallengeMethod.s256.rawValue) { return nil }
        let listed = methods.map { "\"\($0)\"" }.joined(separator: ", ")
        return
            "expected the authorization server \(issuer) to list \"S256\" in \"code_challenge_methods_supported\", found [\(listed)]: a client of a protected resource does not sign in without S256 (MCP authorization, PKCE)"
    }

    /// The scopes a first sign-in to a resource asks for, for the runtime's sign-in and for the
    /// default scopes `oauthgen init --resource` writes: those its 401 named (RFC 6750 §3), else
    /// its `scopes_supported`, with `offline_access` exactly when the authorization server lists
    /// it (the MCP authorization spec, SEP-2207), whatever the resource said.
    public static func signInScopes(challenge: [String]?, resourceScopes: [String], serverScopes: [String]) -> [String]
    {
        let offlineAccess = "offline_access"
        var scopes = (challenge ?? resourceScopes).filter { $0 != offlineAccess }
        if serverScopes.contains(offlineAccess) { scopes.append(offlineAccess) }
        return scopes
    }

    /// Why a client ID that is a Client ID Metadata Document's URL cannot be used at a server
    /// whose metadata says `client_id_metadata_document_supported` is `supported`, or `nil`.
    public static func metadataDocumentRefusal(supported: Bool) -> String? {
        supported
            ? nil
            : "expected the authorization server to accept a client ID metadata document (client_id_metadata_document_supported), found it does not say so"
    }

    /// Of `candidate`'s identifiers, the one `stated` matches, else the first (the one the
    /// check then names as expected).
    public static func expectedResource(for candidate: MetadataCandidate, stated: String?) -> String {
        candidate.expectedResources.first { $0 == stated } ?? candidate.expectedResources[0]
    }
}
