import Foundation

/// A provider with a device authorization endpoint (RFC 8628): ``OAuthClient/authorizeDevice(scopes:now:)``
/// and ``OAuthClient/signIn(with:clock:now:)`` exist for it — for tvOS, watchOS and terminal apps,
/// which have no browser of their own.
public protocol SupportsDeviceAuthorization: OAuthProvider {}
