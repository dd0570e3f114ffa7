#if canImport(Security)
import Foundation
import os
import Security

/// Keeps the sign-in in the Keychain (Apple platforms): by default readable after the device's
/// first unlock, on this device only, so background refreshes work and a backup restored
/// elsewhere holds no tokens.
///
/// Before the first unlock after a restart — a prewarmed launch, a background fetch, a
/// notification extension — the Keychain answers `errSecInteractionNotAllowed`. The store
/// reports that as ``TokenStoreUnavailableError`` rather than "no sign-in", and the session
/// throws ``OAuthError/Kind/storageUnavailable`` without forgetting anything: call again later
/// (for instance on `UIApplication.protectedDataDidBecomeAvailableNotification`).
///
/// To share one sign-in with the app's extensions (a widget, a share extension), give every
/// target the same ``accessGroup``, listed in each one's `keychain-access-groups` entitlement
/// (`$(AppIdentifierPrefix)com.example.shared`); `oauthgen` checks the entitlement at build time
/// when `oauthgen.json` names it. A group the app is not signed for fails with `-34018`
/// (`errSecMissingEntitlement`), which the error names.
public struct KeychainTokenStore: AccountTokenStore, ClientRegistrationStore {
    /// The Keychain service the items are filed under (one per app, or per provider).
    public let service: String
    /// The item's account: one sign-in per account.
    public let account: String
    /// The Keychain access group shared with the app's extensions, or `nil` for the app's own.
    public let accessGroup: String?
    /// When the item can be read.
    public let accessibility: Accessibility
    /// Extra conditions on reading the item, such as `.biometryCurrentSet` or `.userPresence`;
    /// a read then shows the system's prompt, and a dismissed prompt reads as
    /// ``TokenStoreUnavailableError``. A background refresh cannot show one: keep this for
    /// sign-ins the user opens on purpose.
    public let accessControl: SecAccessControlCreateFlags?
    /// Whether macOS uses the data-protection keychain (the iOS-style one) rather than the login
    /// keychain. Required there for ``accessGroup`` and ``accessibility`` to apply, and for an app
    /// signed with an application identifier; a command-line tool without entitlements cannot use
    /// it. Always the case on iOS, tvOS, watchOS and visionOS.
    public let usesDataProtectionKeychain: Bool
    /// A file in the app group's container that the app and its extensions share, for a sign-in
    /// they share: a refresh locks it (one process refreshes, the others use its tokens) and every
    /// write changes it (each sees the others' refreshes and sign-outs at its next call). `nil`
    /// for a sign-in one process uses; a store with an ``accessGroup`` and no coordination file
    /// logs a warning (subsystem `oauthgen`) when it is made.
    public let coordinationFile: URL?

    /// When a Keychain item can be read (`kSecAttrAccessible…`).
    public enum Accessibility: Sendable, Hashable {
        /// After the first unlock since the device started; moves to a new device with an
        /// encrypted backup.
        case afterFirstUnlock
        /// After the first unlock since the device started, this device only: the default, which
        /// background refreshes need.
        case afterFirstUnlockThisDeviceOnly
        /// Only while the device is unlocked; moves with an encrypted backup.
        case whenUnlocked
        /// Only while the device is unlocked, this device only: no background refresh.
        case whenUnlockedThisDeviceOnly
        /// Only while unlocked, only while a passcode is set (the item is deleted when it is
        /// removed), this device only.
        case whenPasscodeSetThisDeviceOnly
    }

    /// - Parameters:
    ///   - service: the service the items are filed under.
    ///   - account: the item's account.
    ///   - accessGroup: a Keychain access group shared with the app's extensions.
    ///   - accessibility: when the item can be read.
    ///   - accessControl: extra conditions on reading (biometry, passcode).
    ///   - usesDataProtectionKeychain: on macOS, the data-protection keychain (see the property).
    ///   - coordinationFile: a file in the app group's container, for a sign-in the app shares
    ///     with its extensions (see the property).
    public init(
        service: String, account: String = "default", accessGroup: String? = nil,
        accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        accessControl: SecAccessControlCreateFlags? = nil,
        usesDataProtectionKeychain: Bool = false, coordinationFile: URL? = nil
    ) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.accessibility = accessibility
        self.accessControl = accessControl
        self.coordinationFile = coordinationFile
        #if os(macOS)
        self.usesDataProtectionKeychain = usesDataProtectionKeychain
        #else
        self.usesDataProtectionKeychain = true
        #endif
        if let warning = SharedKeychainCheck.warning(
            accessGroup: accessGroup, hasCoordinationFile: coordinationFile != nil)
        {
            // A warning, not an error: a group shared with extensions that never refresh (read
            // only) is a valid set-up; one that refreshes from two processes is not.
            // Made here, not kept in a static: the SDKs before Xcode 26 do not mark `Logger` Sendable.
            Logger(subsystem: "oauthgen", category: "KeychainTokenStore").warning("\(warning, privacy: .public)")
        }
    }

    private var items: KeychainItemStore<SecItemKeychain> {
        KeychainItemStore(
            items: SecItemKeychain(
                service: service, accessGroup: accessGroup, accessibility: accessibility,
                accessControl: accessControl, dataProtectionKeychain: usesDataProtectionKeychain),
            account: account, accessGroup: accessGroup,
            coordination: coordinationFile.map { StoreCoordinationFile(path: $0.path) })
    }

    /// The stored sign-in; `nil` when there is none. Throws ``TokenStoreUnavailableError`` while
    /// the Keychain cannot be read (before first unlock), and an `NSOSStatusErrorDomain` error for
    /// anything else (a missing entitlement).
    public func load() async throws -> SignInRecord? {
        try items.load()
    }

    /// Replaces the stored sign-in (adding the item if there is none).
    public func save(_ signIn: SignInRecord) async throws {
        try items.save(signIn)
    }

    /// Removes this account's sign-in.
    public func clear() async throws {
        try items.clear()
    }

    /// The lock on ``coordinationFile``, when there is one.
    public func lockForUpdate() async throws -> TokenStoreLock? {
        try await items.lockForUpdate()
    }

    /// ``coordinationFile``'s revision, when there is one.
    public func revision() -> UInt64? {
        items.revision()
    }

    /// The registration kept under `key`, in an item of ``service`` that no account's sign-in
    /// uses (and ``accounts()`` does not list).
    public func loadRegistration(key: String) async throws -> ClientRegistrationRecord? {
        try items.loadRegistration(key: key)
    }

    /// Keeps `registration` under `key`, with the store's protection attributes.
    public func saveRegistration(_ registration: ClientRegistrationRecord, key: String) async throws {
        try items.saveRegistration(registration, key: key)
    }

    /// Forgets the registration under `key`.
    public func removeRegistration(key: String) async throws {
        try items.removeRegistration(key: key)
    }

    /// The key of every registration kept under ``service`` (and ``accessGroup``), sorted.
    public func registrationKeys() async throws -> [String] {
        try items.registrationKeys()
    }

    /// Every account with a sign-in under ``service`` (and ``accessGroup``), sorted.
    public func accounts() async throws -> [String] {
        try items.accounts()
    }

    /// The same store for another account: to read, or ``clear()``, each of ``accounts()``. Its
    /// coordination file, if any, is `<file>.account-<name>` beside this one's, the name made safe
    /// for a file name as ``FileTokenStore`` makes it (no separator or dot, case kept apart, long
    /// names hashed): an account name never reaches outside the app group's container.
    public func forAccount(_ account: String) -> KeychainTokenStore {
        KeychainTokenStore(
            service: service, account: account, accessGroup: accessGroup, accessibility: accessibility,
            accessControl: accessControl, usesDataProtectionKeychain: usesDataProtectionKeychain,
            coordinationFile: coordinationFile.map { AccountFileName.sibling(of: $0, for: account) })
    }
}

#endif
