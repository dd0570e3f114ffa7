internal import OAuthPolicy

/// A Keychain access group as the build and the entitlements spell it
/// (`$(AppIdentifierPrefix)com.example.family`), made the name the Keychain takes at run time:
/// Xcode substitutes the variable in an entitlements file and an `Info.plist`, never in Swift
/// source, so the generated `familyKeychainAccessGroup` still carries it.
package enum AccessGroupName {
    /// `group` with its leading variable replaced by `prefix` (the app's `Info.plist`
    /// `AppIdentifierPrefix`, which the app sets to `$(AppIdentifierPrefix)`); a group without a
    /// variable as it is. Throws when the variable needs a prefix the app does not carry.
    package static func resolved(_ group: String, appIdentifierPrefix prefix: String?) throws(OAuthError) -> String {
        guard let variable = AccessGroupPrefix.variables.first(where: { group.hasPrefix($0) }) else { return group }
        guard let prefix, !prefix.isEmpty, !prefix.hasPrefix("$(") else {
            throw OAuthError.invalidConfiguration(
                "expected the app's Info.plist to carry AppIdentifierPrefix ($(AppIdentifierPrefix)) for the Keychain access group '\(group)', found \(prefix.map { "'\($0)'" } ?? "none")"
            )
        }
        return prefix + group.dropFirst(variable.count)
    }
}
