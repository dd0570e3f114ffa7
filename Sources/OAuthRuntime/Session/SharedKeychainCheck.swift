/// What a Keychain store shared through an access group is missing when it has no coordination
/// file: the app and its extensions then each refresh on their own, and with a provider that
/// rotates refresh tokens the second refresh uses a rotated-out token, gets `invalid_grant` and
/// (before compare-and-clear) signed both out. Kept apart from `KeychainTokenStore`, which exists
/// only where Security does, so the rule is tested everywhere.
enum SharedKeychainCheck {
    /// The warning for a store with `accessGroup` and `coordinationFile`; `nil` when there is none.
    static func warning(accessGroup: String?, hasCoordinationFile: Bool) -> String? {
        guard let accessGroup, !hasCoordinationFile else { return nil }
        return
            "a KeychainTokenStore shared through the access group \"\(accessGroup)\" has no coordinationFile: the app and its extensions will refresh independently, and a provider that rotates refresh tokens will then refuse one of them (pass a file in the app group's container, e.g. containerURL(forSecurityApplicationGroupIdentifier:))"
    }
}
