import Foundation
internal import OAuthPolicy

/// What a code exchange needs: the code from a checked callback, the PKCE verifier, and the
/// redirect URI and client ID the request named (RFC 6749 §4.1.3, RFC 7636 §4.5).
///
/// Its description never shows the code or the verifier.
public struct CodeGrant: Sendable, Hashable, CustomStringConvertible {
    /// The authorization code.
    public var code: String
    /// The PKCE verifier; `nil` only for a provider configured without PKCE.
    public var codeVerifier: String?
    /// The redirect URI the authorization request named.
    public var redirectURI: URL
    /// The client ID the authorization request named.
    public var clientID: String
    /// The key the request's `dpop_jkt` named: the token request is signed with it (RFC 9449 §10).
    public var dpopKey: DPoPSigningKey?

    /// A grant from its parts.
    public init(code: String, codeVerifier: String?, redirectURI: URL, clientID: String, dpopKey: DPoPSigningKey? = nil)
    {
        self.dpopKey = dpopKey
        self.code = code
        self.codeVerifier = codeVerifier
        self.redirectURI = redirectURI
        self.clientID = clientID
    }

    /// The redirect URI and client ID; never the code or the verifier.
    public var description: String {
        "CodeGrant(clientID: \(clientID), redirectURI: \(redirectURI.absoluteString), code/verifier: <redacted>)"
    }
}
