import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// How a dynamically registered client authenticates at the token endpoint, from the
/// registration's answer (RFC 7591 §3.2.1): as a public client, or with a secret issued to this
/// instance alone (`client_secret_basic` or `client_secret_post`).
///
/// The client always asks to be public (`none`): a server that lists only secret methods in its
/// metadata often takes public clients all the same (django-oauth-toolkit does), and one that
/// does not answers with the secret it issued (§3.2.1 lets it change what was asked for), which
/// is then kept and used.
///
/// RFC 8252 §8.4: "Except when using a mechanism like Dynamic Client Registration [RFC7591] to
/// provision per-instance secrets, native apps are classified as public clients"; OAuth 2.1 §2.4:
/// a client that was issued credentials must authenticate with them. A secret compiled into an
/// app is what §8.5 forbids, and the build still warns of one; a secret a server gave this
/// installation is not that. Any other method (`private_key_jwt` with a key the client never
/// made, mutual TLS) cannot be met, and the registration is refused.
struct RegisteredClientSecret: Sendable {
    /// The method the answer names, or RFC 7591 §2's default for one that names none and issued
    /// a secret (`client_secret_basic`); `nil` for a public client.
    let method: TokenEndpointAuthMethod?
    /// The secret issued with it.
    let secret: String?
    /// When the secret expires (`client_secret_expires_at`, 0 for never).
    let expiresAt: Date?

    /// Reads the answer's `token_endpoint_auth_method`, `client_secret` and
    /// `client_secret_expires_at`.
    ///
    /// - Throws: `OAuthError/Kind/invalidRegistration` for a method the client cannot use, a
    ///   secret method without a secret, or a secret no request can carry.
    init(answer object: [String: ClaimValue]) throws(OAuthError) {
        let secret = object["client_secret"]?.stringValue
        let named =
            object["token_endpoint_auth_method"]?.stringValue ?? (secret == nil ? "none" : "client_secret_basic")
        switch TokenEndpointAuthMethod(rawValue: named) {
        case TokenEndpointAuthMethod.none?:
            // A secret the server issued anyway is never sent: the client registered as public.
            method = nil
            self.secret = nil
            expiresAt = nil
            return
        case .clientSecretBasic?, .clientSecretPost?:
            guard let secret, !secret.isEmpty, secret.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) })
            else {
                throw OAuthError(
                    .invalidRegistration,
                    "expected a \"client_secret\" of printable ASCII with token_endpoint_auth_method \"\(named)\" (RFC 7591 §3.2.1), found \(secret == nil ? "none" : "one no request can carry")"
                )
            }
            method = TokenEndpointAuthMethod(rawValue: named)
            self.secret = secret
        default:
            throw OAuthError(
                .invalidRegistration,
                "expected token_endpoint_auth_method \"none\", \"client_secret_basic\" or \"client_secret_post\" (RFC 7591 §2), found \"\(TerminalText.escaping(String(named.prefix(64))))\": a native app has no other credential to authenticate with"
            )
        }
        // RFC 7591 §3.2.1: REQUIRED with a secret, 0 for one that does not expire.
        let seconds = object["client_secret_expires_at"].flatMap { value -> Double? in
            if case .number(let number) = value { return number }
            return nil
        }
        expiresAt = seconds.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil }
    }

    /// Puts the method, secret and expiry into `record`.
    func apply(to record: inout ClientRegistrationRecord) {
        record.tokenEndpointAuthMethod = method
        record.clientSecret = secret
        record.clientSecretExpiresAt = expiresAt
    }
}
