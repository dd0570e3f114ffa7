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
    }

    /// The 401's `resource_metadata` alone when it named one; else the path-inserted well-known
    /// URL, then the origin's. `nil` when `resource` is not an https or http URL.
    public static func metadataCandidates(resource: String, named: String?) -> [MetadataCandidate]? {
        if let named { return [MetadataCandidate(url: named, expectedResources: [resource])] }
        guard let parsed = try? ServerURL(parsing: resource) else { return nil }
        var candidates = [MetadataCandidate(url: WellKnownLocation.protectedResourceMetadata(forResource: parsed), expectedResources: [resource])]
        let root = parsed.origin + "/.well-known/oauth-protected-resource"
        if root != candidates[0].url { candidates.append(MetadataCandidate(url: root, expectedResources: [parsed.origin, parsed.origin + "/"])) }
        return candidates
    }

    /// Where an authorization server's metadata may be, in order: RFC 8414 with the path
    /// inserted, OpenID Connect with it inserted, then appended (one place for an issuer
    /// without a path). `isOpenIDConnect` tells which document a location holds.
    public static func authorizationServerLocations(issuer: ServerURL) -> [(url: String, isOpenIDConnect: Bool)] {
        var locations = [(url: WellKnownLocation.authorizationServerMetadata(forIssuer: issuer), isOpenIDConnect: false)]
        for url in [WellKnownLocation.openIDConfigurationInserted(forIssuer: issuer), WellKnownLocation.openIDConfiguration(forIssuer: issuer)]
        where !locations.contains(where: { $0.url == url }) {
            locations.append((url, true))
        }
        return locations
    }

    /// Of `candidate`'s identifiers, the one `stated` matches, else the first (the one the
    /// check then names as expected).
    public static func expectedResource(for candidate: MetadataCandidate, stated: String?) -> String {
        candidate.expectedResources.first { $0 == stated } ?? candidate.expectedResources[0]
    }
}
