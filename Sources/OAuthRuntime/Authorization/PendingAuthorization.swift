import Foundation

/// Everything needed to finish an authorization after the browser comes back — possibly after
/// the app was relaunched, which is why it is `Codable`. Store it where the app keeps secrets.
///
/// It is typed by its provider, so a Google pending authorization cannot be finished on
/// another provider's client; the client that finishes it also checks its client ID, its
/// issuer and its age.
public struct PendingAuthorization<Provider: OAuthProvider>: Sendable, Hashable, Codable {
    /// The `state` sent (RFC 6749 §10.12, RFC 8252 §8.9); the callback must carry it back exactly.
    public var state: String
    /// The `nonce` sent (OIDC Core §3.1.2.1); the ID token must carry it back exactly.
    public var nonce: String?
    /// The PKCE pair; the verifier goes to the token endpoint with the code.
    @_spi(BuildingBlocks)
    public var pkce: PKCE
    /// The redirect URI the request named; the callback must arrive on it (RFC 8252 §8.10).
    public var redirectURI: URL
    /// The issuer the request went to, for RFC 9207 and ID token checks.
    public var issuer: String?
    /// The client ID the request named; only that client may finish it.
    public var clientID: String
    /// The scopes requested.
    public var scopes: [String]
    /// When the request was made; a client refuses a pending authorization past its age limit.
    public var createdAt: Date
    /// The key the tokens will be bound to (RFC 9449), whose thumbprint the request sent as
    /// `dpop_jkt`; `nil` when the provider's tokens are not DPoP-bound.
    public var dpopKey: DPoPSigningKey?
    /// The `max_age` the request sent: the ID token must then carry an `auth_time` no older
    /// (OIDC Core §3.1.2.1). Absent from pending authorizations kept by earlier versions.
    public var maxAge: Int?

    /// The parts of a pending authorization, as the request made them.
    @_spi(BuildingBlocks)
    public init(
        state: String, nonce: String?, pkce: PKCE, redirectURI: URL, issuer: String?, clientID: String,
        scopes: [String], createdAt: Date,
        dpopKey: DPoPSigningKey? = nil, maxAge: Int? = nil
    ) {
        self.dpopKey = dpopKey
        self.maxAge = maxAge
        self.state = state
        self.nonce = nonce
        self.pkce = pkce
        self.redirectURI = redirectURI
        self.issuer = issuer
        self.clientID = clientID
        self.scopes = scopes
        self.createdAt = createdAt
    }
}

extension PendingAuthorization: CustomStringConvertible {
    /// The issuer, redirect URI and scopes; never the state, nonce or verifier.
    public var description: String {
        "PendingAuthorization<\(Provider.self)>(issuer: \(issuer ?? "none"), redirectURI: \(redirectURI.absoluteString), scopes: \(scopes.joined(separator: " ")), state/nonce/verifier\(dpopKey == nil ? "" : "/DPoP key"): <redacted>)"
    }
}

extension PendingAuthorization: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
