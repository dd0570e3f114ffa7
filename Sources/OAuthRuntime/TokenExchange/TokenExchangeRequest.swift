import Foundation

/// A token exchange (RFC 8693 §2.1): a token the client holds (the subject's, and optionally an
/// actor's) traded at the authorization server for another, for a target the server's policy
/// allows.
///
/// ```swift
/// let request = TokenExchangeRequest(subjectToken: idToken, subjectTokenType: .idToken, requestedTokenType: .idJAG,
///                                    audience: ["https://auth.mcp.example"], resources: [URL(string: "https://mcp.example/mcp")!])
/// let exchanged = try await client.exchangeToken(request)
/// ```
public struct TokenExchangeRequest: Sendable, Hashable, CustomStringConvertible {
    /// The token that represents the party on whose behalf the request is made.
    public var subjectToken: String
    /// What ``subjectToken`` is.
    public var subjectTokenType: TokenTypeURI
    /// The token of the party acting for the subject (delegation, RFC 8693 §1.1), if any.
    public var actorToken: String?
    /// What ``actorToken`` is; required with it (RFC 8693 §2.1).
    public var actorTokenType: TokenTypeURI?
    /// The type of token wanted; `nil` lets the server choose. When given, the answer's
    /// `issued_token_type` must be it.
    public var requestedTokenType: TokenTypeURI?
    /// Logical names of the targets (`audience`), e.g. another authorization server's issuer.
    public var audience: [String]
    /// URLs of the resources the token is for (`resource`, RFC 8707).
    public var resources: [URL]
    /// The scopes wanted; empty sends none.
    public var scopes: [String]

    /// A request; each part left out is not sent.
    public init(
        subjectToken: String, subjectTokenType: TokenTypeURI, actorToken: String? = nil,
        actorTokenType: TokenTypeURI? = nil,
        requestedTokenType: TokenTypeURI? = nil, audience: [String] = [], resources: [URL] = [], scopes: [String] = []
    ) {
        self.subjectToken = subjectToken
        self.subjectTokenType = subjectTokenType
        self.actorToken = actorToken
        self.actorTokenType = actorTokenType
        self.requestedTokenType = requestedTokenType
        self.audience = audience
        self.resources = resources
        self.scopes = scopes
    }

    /// The types and targets, never the tokens.
    public var description: String {
        var parts = ["subjectTokenType: \(subjectTokenType)"]
        if let actorTokenType { parts.append("actorTokenType: \(actorTokenType)") }
        if let requestedTokenType { parts.append("requestedTokenType: \(requestedTokenType)") }
        if !audience.isEmpty { parts.append("audience: \(audience.joined(separator: " "))") }
        if !resources.isEmpty { parts.append("resources: \(resources.map(\.absoluteString).joined(separator: " "))") }
        if !scopes.isEmpty { parts.append("scopes: \(scopes.joined(separator: " "))") }
        return "TokenExchangeRequest(\(parts.joined(separator: ", ")))"
    }
}

extension TokenExchangeRequest: CustomReflectable {
    /// Its description only: reflection never shows the tokens.
    public var customMirror: Mirror { .redacted(self) }
}
