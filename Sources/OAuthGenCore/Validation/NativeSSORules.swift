import OAuthPolicy

/// A family of apps sharing one sign-in (OpenID Connect Native SSO for Mobile Apps 1.0 draft 07),
/// as a quirk file's `nativeSSO` names it: checked before any device finds out.
///
/// - The family is named fully: a Keychain access group, the family's client IDs with this app's
///   among them (the server refuses an exchange for any other, §4.1), and a device-secret token
///   type the runtime knows.
/// - The provider's pinned discovery document says `native_sso_supported` (§5); a quirk file that
///   asserts the family without it is warned, not refused: some providers support it unannounced.
/// - Quirk files that share an access group name the same family: the same issuer and members.
/// - Each app's entitlements carry the family's access group (``AppFileRules``): without it every
///   Keychain call with it fails on the device (errSecMissingEntitlement).
package enum NativeSSORules {
    /// The `actor_token_type` values the runtime can send (OAuthPolicy's `DeviceSecretTokenType`).
    package static let deviceSecretTokenTypes = DeviceSecretTokenType.allCases.map(\.rawValue)

    package static func check(_ provider: LoadedProvider) -> [Diagnostic] {
        guard let quirks = provider.quirks, let family = quirks.nativeSSO else { return [] }
        var findings: [Diagnostic] = []
        if family.keychainAccessGroup.map({ $0.value.isEmpty }) ?? true {
            findings.append(
                Diagnostic(
                    .error, .nativeSSOFamily,
                    "expected nativeSSO to name the family's keychainAccessGroup, found \(family.keychainAccessGroup == nil ? "none" : "it empty"): the family's apps share the sign-in through it",
                    at: family.keychainAccessGroup?.location ?? family.location))
        }
        if family.familyClientIDs.isEmpty {
            findings.append(
                Diagnostic(
                    .error, .nativeSSOFamily,
                    "expected nativeSSO's familyClientIDs to list the family's apps, found none", at: family.location))
        } else if let clientID = quirks.clientID,
            !family.familyClientIDs.contains(where: { $0.value == clientID.value })
        {
            findings.append(
                Diagnostic(
                    .error, .nativeSSOFamily,
                    "expected the client ID '\(clientID.value)' among nativeSSO's familyClientIDs, found \(family.familyClientIDs.map { "'\($0.value)'" }.joined(separator: ", ")): the server signs in only the family's apps from its sign-in",
                    at: clientID.location))
        }
        if let type = family.deviceSecretTokenType, !deviceSecretTokenTypes.contains(type.value) {
            findings.append(
                Diagnostic(
                    .error, .nativeSSOFamily,
                    "expected deviceSecretTokenType to be \(deviceSecretTokenTypes.map { "'\($0)'" }.joined(separator: " or ")), found '\(type.value)'",
                    at: type.location))
        }
        if let discovery = provider.discovery, discovery.nativeSSOSupported?.value != true {
            findings.append(
                Diagnostic(
                    .warning, .nativeSSONotAdvertised,
                    "expected the pinned discovery document to say native_sso_supported, found it \(discovery.nativeSSOSupported == nil ? "absent" : "false"): the generated client asks for device_sso on the quirk file's word",
                    at: family.location))
        }
        return findings
    }

    /// Quirk files that share an access group must name one family: the same issuer and members.
    package static func checkAgreement(_ providers: [LoadedProvider]) -> [Diagnostic] {
        var first: [String: (provider: LoadedProvider, family: QuirkFile.NativeSSO)] = [:]
        var findings: [Diagnostic] = []
        for provider in providers {
            guard let family = provider.quirks?.nativeSSO, let group = family.keychainAccessGroup?.value else {
                continue
            }
            guard let (other, otherFamily) = first[group] else {
                first[group] = (provider, family)
                continue
            }
            let members = Set(family.familyClientIDs.map(\.value))
            let otherMembers = Set(otherFamily.familyClientIDs.map(\.value))
            let issuer = provider.quirks?.issuer?.value ?? provider.discovery?.issuer?.value
            let otherIssuer = other.quirks?.issuer?.value ?? other.discovery?.issuer?.value
            guard members != otherMembers || issuer != otherIssuer else { continue }
            findings.append(
                Diagnostic(
                    .error, .nativeSSOFamilyDisagrees,
                    "expected provider '\(provider.name)' to name the family of the access group '\(group)' as provider '\(other.name)' does (issuer \(otherIssuer ?? "none"), members \(otherMembers.sorted().joined(separator: ", "))), found issuer \(issuer ?? "none"), members \(members.sorted().joined(separator: ", "))",
                    at: family.location))
            findings.append(
                Diagnostic(
                    .note, .nativeSSOFamilyDisagrees, "the family as '\(other.name)' names it", at: otherFamily.location
                ))
        }
        return findings
    }
}
