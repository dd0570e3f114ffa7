import Foundation

/// Whose sign-in a stored record is: the provider that issued its tokens and the client they
/// were issued to. A session uses and clears only its own; one
/// `KeychainTokenStore(service: "com.example.app")` (the README's) shared by two providers would otherwise send
/// one provider's refresh token to the other's token endpoint.
public struct SignInOwner: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The issuer (as configured, a template included); `nil` for an OAuth provider without one.
    public var issuer: String?
    /// The client ID the tokens were issued to.
    public var clientID: String
    /// The token endpoint's origin (scheme, host and port), where the refresh token is sent.
    public var tokenEndpoint: String
    /// The resource the tokens are bound to (RFC 8707), for a client that names one: a token for
    /// one MCP server or API is not another's, though both share an authorization server and a
    /// client ID. `nil` for a client that names none (and in records written before it was kept).
    public var resource: String?

    /// An owner from its parts.
    public init(issuer: String?, clientID: String, tokenEndpoint: String, resource: String? = nil) {
        self.issuer = issuer
        self.clientID = clientID
        self.tokenEndpoint = tokenEndpoint
        self.resource = resource
    }

    /// The client, issuer and resource, as an error names them.
    public var description: String {
        "client \"\(clientID)\" at \(issuer.map { "\"\($0)\"" } ?? tokenEndpoint)\(resource.map { " for \"\($0)\"" } ?? "")"
    }
}
