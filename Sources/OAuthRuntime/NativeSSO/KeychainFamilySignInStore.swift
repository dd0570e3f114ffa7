#if canImport(Security)
import Foundation
import Security

/// A family's sign-in in the Keychain, under the access group every app of the family carries
/// in its `keychain-access-groups` entitlement (`$(AppIdentifierPrefix)com.example.family`; the
/// build checks each app's entitlements for it when its quirk file names the family). Readable
/// after the device's first unlock, on this device only: the device secret is bound to the device
/// (OpenID Connect Native SSO draft 07 §6.1), and a backup restored elsewhere must not carry it.
public struct KeychainFamilySignInStore: FamilySignInStore {
    /// The access group the family's apps share.
    public let accessGroup: String
    /// The Keychain service the items are filed under.
    public let service: String

    /// The family's sign-ins under `accessGroup`, filed under `service`. A group spelled as the
    /// entitlements spell it (`$(AppIdentifierPrefix)com.example.family`, as the generated
    /// `familyKeychainAccessGroup` is) takes the team's prefix from the app's `Info.plist`
    /// `AppIdentifierPrefix` key, which the app sets to `$(AppIdentifierPrefix)`.
    public init(accessGroup: String, service: String = "oauthgen.family") {
        self.accessGroup = accessGroup
        self.service = service
    }

    private func items() throws(OAuthError) -> KeychainItemStore<SecItemKeychain> {
        let group = try AccessGroupName.resolved(
            accessGroup, appIdentifierPrefix: Bundle.main.object(forInfoDictionaryKey: "AppIdentifierPrefix") as? String
        )
        return KeychainItemStore(
            items: SecItemKeychain(
                service: service, accessGroup: group, accessibility: .afterFirstUnlockThisDeviceOnly,
                accessControl: nil, dataProtectionKeychain: true),
            account: "", accessGroup: group)
    }

    /// The family's sign-in at `issuer`, if an app kept one.
    public func load(issuer: String) async throws -> FamilySignIn? {
        try items().loadFamilySignIn(issuer: issuer)
    }

    /// Keeps `signIn`, replacing the one for its issuer.
    public func save(_ signIn: FamilySignIn) async throws {
        try items().saveFamilySignIn(signIn)
    }

    /// Removes the sign-in at `issuer`.
    public func remove(issuer: String) async throws {
        try items().removeFamilySignIn(issuer: issuer)
    }
}
#endif
