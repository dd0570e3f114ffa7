import Foundation

/// What a token exchange issued (RFC 8693 §2.2.1): a token of ``issuedTokenType`` (not
/// necessarily an access token: an ID-JAG, for one), with its lifetime and scopes.
public struct ExchangedToken: Sendable, Hashable, CustomStringConvertible {
    /// The issued token (the response's `access_token` member, whatever its type).
    public var token: String
    /// What ``token`` is.
    public var issuedTokenType: TokenTypeURI
    /// How to present it: `Bearer`, `DPoP`, or `N_A` for a token that is not an access token.
    public var tokenType: String
    /// When it expires, if the server said (`expires_in`).
    public var expiresAt: Date?
    /// The scopes it carries, if the server said.
    public var scopes: [String]?
    /// A refresh token, if the server issued one.
    public var refreshToken: String?

    /// An issued token with its parts.
    public init(
        token: String, issuedTokenType: TokenTypeURI, tokenType: String, expiresAt: Date? = nil,
        scopes: [String]? = nil, refreshToken: String? = nil
    ) {
        self.token = token
        self.issuedTokenType = issuedTokenType
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.scopes = scopes
        self.refreshToken = refreshToken
    }

    /// The type and lifetime, never the tokens.
    public var description: String {
        "ExchangedToken(issuedTokenType: \(issuedTokenType), tokenType: \(tokenType)\(expiresAt.map { ", expiresAt: \($0)" } ?? "")"
            + "\(scopes.map { ", scopes: \($0.joined(separator: " "))" } ?? "")\(refreshToken == nil ? "" : ", refreshToken: <redacted>"))"
    }
}

extension ExchangedToken: CustomReflectable {
    /// Its description only: reflection never shows the tokens.
    public var customMirror: Mirror { .redacted(self) }
}
