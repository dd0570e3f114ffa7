import Foundation

/// A provider with a userinfo endpoint: ``OAuthClient/userInfo(_:)`` exists for it.
public protocol SupportsUserInfo: OAuthProvider {}
