import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// A protected resource as its metadata describes it (RFC 9728): its identifier, the
/// authorization servers that issue tokens for it and what it accepts. Read at run time by
/// ``ResourceDiscovery``, with the same checks `oauthgen init --resource` makes at build time.
public struct ProtectedResource: Sendable, Hashable, Codable {
    /// `resource`: the identifier tokens are bound to (RFC 8707), equal to the URL the metadata
    /// was looked up for.
    public var identifier: URL
    /// `authorization_servers`: issuer identifiers, in the resource's order.
    public var authorizationServers: [String]
    /// `scopes_supported`; empty when the resource does not say.
    public var scopesSupported: [String]
    /// `dpop_bound_access_tokens_required` (RFC 9728 §2): the resource refuses bearer tokens.
    public var dpopBoundAccessTokensRequired: Bool
    /// `resource_name`, for people; never used to decide anything.
    public var name: String?

    /// The resource from its metadata document, checked.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - expectedResource: the URL the metadata was looked up for (RFC 9728 §3.3): the request's
    ///     URL when the resource's 401 named the document, else the identifier the well-known
    ///     URL was made from.
    ///   - allowInsecureLoopback: accept http on 127.0.0.1 and [::1], for local tests.
    /// - Throws: `OAuthError/Kind/invalidDiscoveryDocument` naming the first member at fault.
    public init(
        metadataDocument data: Data, expectedResource: String, allowInsecureLoopback: Bool = false
    ) throws(OAuthError) {
        try self.init(
            metadata: try Self.object(data), expectedResource: expectedResource,
            allowInsecureLoopback: allowInsecureLoopback)
    }

    /// The document's members, for a caller that reads one before the checks.
    static func object(_ data: Data) throws(OAuthError) -> [String: ClaimValue] {
        guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: data) else {
            throw OAuthError.invalidDiscoveryDocument(
                "expected the protected resource metadata to be a JSON object, found something else")
        }
        return object
    }

    /// The resource from the document's decoded members, checked.
    init(
        metadata object: [String: ClaimValue], expectedResource: String, allowInsecureLoopback: Bool
    ) throws(OAuthError) {
        func strings(_ name: String) -> [String]? {
            guard case .array(let values)? = object[name] else { return nil }
            return values.compactMap(\.stringValue)
        }
        let resource = object["resource"]?.stringValue
        let servers = strings("authorization_servers")
        if let problem = ProtectedResourcePolicy.problems(
            resource: resource, expectedResource: expectedResource, authorizationServers: servers,
            bearerMethods: strings("bearer_methods_supported"),
            allowInsecureLoopback: allowInsecureLoopback
        ).first {
            throw OAuthError.invalidDiscoveryDocument(problem.description)
        }
        guard let resource, let identifier = URL(string: resource), let servers else {
            throw OAuthError.invalidDiscoveryDocument(
                "expected \"resource\" to be a URL Foundation reads, found \"\(resource ?? "")\"")
        }
        self.identifier = identifier
        self.authorizationServers = servers
        self.scopesSupported = strings("scopes_supported") ?? []
        if case .bool(let required)? = object["dpop_bound_access_tokens_required"] {
            dpopBoundAccessTokensRequired = required
        } else {
            dpopBoundAccessTokensRequired = false
        }
        name = object["resource_name"]?.stringValue
    }
}
