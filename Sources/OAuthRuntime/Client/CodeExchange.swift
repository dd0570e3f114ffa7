import Foundation
internal import OAuthPolicy

/// Turns a checked authorization code into tokens. The default is the provider's token
/// endpoint; an app whose own server holds a client secret, or links accounts, passes the grant
/// to that server instead (``BackendCodeExchange``).
///
/// Whichever does it, the client has already checked the callback (redirect, `state`, `iss`)
/// and verifies any ID token in the result against the request's nonce.
public protocol CodeExchange: Sendable {
    /// The tokens for `grant`. Throw ``OAuthError`` to report a refusal with its kind; any
    /// other error becomes ``OAuthError/Kind/backendExchangeFailed``.
    func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet

    /// Whether this exchange signs its token request with the grant's ``CodeGrant/dpopKey``
    /// (RFC 9449 §5) and returns DPoP-bound tokens. A provider whose codes are bound to the
    /// app's key (`dpop_jkt`, RFC 9449 §10) accepts no other exchange, so a client for it refuses
    /// one that says `false` — the default, since a server elsewhere never holds the key.
    var signsDPoPProofs: Bool { get }
}

extension CodeExchange {
    /// `false`: an exchange must say that it signs with the app's key.
    public var signsDPoPProofs: Bool { false }
}

extension CodeExchange {
    /// Runs the exchange with the runtime's error mapping.
    package func tokens(for grant: CodeGrant, now: Date) async throws(OAuthError) -> TokenSet {
        do {
            return try await exchange(grant, now: now)
        } catch let error as OAuthError {
            throw error
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch {
            throw OAuthError(
                .backendExchangeFailed, "the code exchange failed: \(error.localizedDescription)",
                underlyingError: error)
        }
    }
}

extension CodeGrant: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
