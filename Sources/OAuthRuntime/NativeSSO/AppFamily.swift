/// The family an app belongs to (OpenID Connect Native SSO for Mobile Apps 1.0 draft 07): apps
/// of one vendor on one device, sharing one sign-in through ``store``. Given in
/// ``ClientOptions/family``, the app asks for the `device_sso` scope where its provider supports
/// Native SSO (`native_sso_supported`, §5), keeps the device secret and ID token it gets, and can
/// sign in from a sibling's with ``OAuthClient/signInFromFamily(scopes:now:)``.
public struct AppFamily: Sendable {
    /// Where the family's sign-in is kept.
    public var store: any FamilySignInStore

    /// A family sharing its sign-in through `store`.
    public init(store: any FamilySignInStore) {
        self.store = store
    }
}
