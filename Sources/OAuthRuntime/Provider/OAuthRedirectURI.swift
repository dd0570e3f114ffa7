import Foundation
internal import OAuthPolicy

/// A redirect URI registered for a provider; generated providers have an enum of them, checked
/// against RFC 8252 at build time.
public protocol OAuthRedirectURI: Sendable, Hashable {
    /// The URI and its kind.
    var registered: RegisteredRedirectURI { get }
}
