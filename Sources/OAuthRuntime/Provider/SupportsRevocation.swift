import Foundation

/// A provider with a revocation endpoint (RFC 7009): ``OAuthClient/revoke(_:hint:)`` exists for it.
public protocol SupportsRevocation: OAuthProvider {}
