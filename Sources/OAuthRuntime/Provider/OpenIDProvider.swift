import Foundation

/// An OpenID Connect provider: every sign-in asks for `openid` and carries a verified ID token,
/// whose claims are ``SignIn/claims``.
public protocol OpenIDProvider: OAuthProvider where UserInfo == Claims {}
