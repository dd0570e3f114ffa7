/// A provider whose apps share one sign-in as a family (OpenID Connect Native SSO for Mobile Apps
/// 1.0 draft 07): ``OAuthClient/signInFromFamily(scopes:now:)``,
/// ``OAuthClient/familySignInAvailable()`` and ``OAuthClient/forgetFamilySignIn()`` exist for it.
/// A generated provider conforms when its quirk file names the family (`nativeSSO`); for any
/// other, those members do not compile.
public protocol SupportsNativeSSO: OAuthProvider {}
