import Foundation

/// The HTTP endpoints of an authorization server.
public struct ProviderEndpoints: Sendable, Hashable, Codable {
    /// Where the user agent is sent to authorize (RFC 6749 §3.1); `nil` for a server that runs no
    /// grant through it (RFC 8414 §2), such as a resource's server that only redeems ID-JAGs.
    public var authorization: URL?
    /// Where codes and refresh tokens are exchanged (RFC 6749 §3.2).
    public var token: URL
    /// Token revocation (RFC 7009), if the provider offers it.
    public var revocation: URL?
    /// The OIDC UserInfo endpoint, if any.
    public var userinfo: URL?
    /// RP-initiated logout, if any.
    public var endSession: URL?
    /// The JSON Web Key Set used to verify ID tokens.
    public var jwks: URL?
    /// Pushed authorization requests (RFC 9126), if the provider offers them.
    public var pushedAuthorizationRequest: URL?
    /// Device authorization (RFC 8628), if the provider offers the device grant.
    public var deviceAuthorization: URL?
    /// Dynamic client registration (RFC 7591), if the provider offers it.
    public var registration: URL?

    /// The endpoints; only token is required, and authorization for a browser sign-in.
    public init(
        authorization: URL?,
        token: URL,
        revocation: URL? = nil,
        userinfo: URL? = nil,
        endSession: URL? = nil,
        jwks: URL? = nil,
        pushedAuthorizationRequest: URL? = nil,
        deviceAuthorization: URL? = nil,
        registration: URL? = nil
    ) {
        self.authorization = authorization
        self.token = token
        self.revocation = revocation
        self.userinfo = userinfo
        self.endSession = endSession
        self.jwks = jwks
        self.pushedAuthorizationRequest = pushedAuthorizationRequest
        self.deviceAuthorization = deviceAuthorization
        self.registration = registration
    }
}
