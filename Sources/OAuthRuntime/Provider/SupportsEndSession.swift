import Foundation

/// A provider with an end-session endpoint (OpenID Connect RP-Initiated Logout 1.0):
/// the client's `endSessionURL(for:postLogoutRedirectURI:state:)` exists for it.
public protocol SupportsEndSession: OpenIDProvider {}
