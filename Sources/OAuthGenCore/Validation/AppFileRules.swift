import OAuthPolicy

/// The app's own files against its providers, when `oauthgen.json` names them: what the system
/// needs before a redirect can reach the app, and what no SDK checks before a device does.
///
/// - Every private-use scheme a provider redirects to is in the `Info.plist`'s
///   `CFBundleURLTypes[*].CFBundleURLSchemes` (RFC 8252 Appendix B.1): otherwise iOS never opens
///   the app with the response (`ASWebAuthenticationSession` catches its own callback, but the
///   system browser and other apps' links do not).
/// - Every claimed https redirect's host is in the entitlements'
///   `com.apple.developer.associated-domains`, as `applinks:` or `webcredentials:` (a `*.`
///   wildcard covers subdomains, not the domain itself): `ASWebAuthenticationSession.Callback.https`
///   delivers only to an app associated with the host (RFC 8252 §7.2).
/// - Every Keychain access group the app gives `KeychainTokenStore` is in the entitlements'
///   `keychain-access-groups`: otherwise every Keychain call fails with `errSecMissingEntitlement`
///   (-34018) on the device.
/// - Every app group whose container holds a shared store's coordination file is in the
///   entitlements' `com.apple.security.application-groups`: otherwise
///   `containerURL(forSecurityApplicationGroupIdentifier:)` is `nil`, the store has no lock, and
///   the app and its extensions refresh on their own (with rotation, one of them is then refused).
///
/// A finding sits where the fix goes: the `Info.plist` or entitlements key that lacks the value
/// (its root `<dict>` if the key is absent), with a note at the redirect URI that needs it.
package enum AppFileRules {
    package static func check(_ providers: [LoadedProvider], configuration: GeneratorConfiguration) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let redirects = providers.flatMap { provider in provider.redirects.map { (provider.name, $0) } }
        if let infoPlist = configuration.infoPlist, let plist = read(infoPlist, configuration, into: &findings) {
            findings += checkSchemes(redirects, infoPlist: plist)
        }
        if let entitlements = configuration.entitlements, let plist = read(entitlements, configuration, into: &findings)
        {
            findings += checkAssociatedDomains(redirects, entitlements: plist)
            findings += checkKeychainGroups(configuration.keychainAccessGroups, entitlements: plist)
            findings += checkAppGroups(configuration.appGroups, entitlements: plist)
            findings += checkFamilyGroups(providers, entitlements: plist)
        } else if configuration.entitlements == nil {
            if let group = configuration.keychainAccessGroups.first {
                findings.append(
                    Diagnostic(
                        .warning, .keychainGroupNotEntitled,
                        "expected \"entitlements\" in \(GeneratorConfiguration.fileName) to check the Keychain access group '\(group.value)' against, found none",
                        at: group.location))
            }
            // Only for an app built for an Apple platform: elsewhere a family shares a folder.
            let apple: Set<GeneratorConfiguration.Platform> = [.iOS, .macOS, .tvOS, .watchOS, .visionOS]
            if !configuration.platformSet.isDisjoint(with: apple),
                let group = providers.lazy.compactMap({ $0.quirks?.nativeSSO?.keychainAccessGroup }).first
            {
                findings.append(
                    Diagnostic(
                        .warning, .keychainGroupNotEntitled,
                        "expected \"entitlements\" in \(GeneratorConfiguration.fileName) to check the family's Keychain access group '\(group.value)' against, found none",
                        at: group.location))
            }
            if let group = configuration.appGroups.first {
                findings.append(
                    Diagnostic(
                        .warning, .appGroupNotEntitled,
                        "expected \"entitlements\" in \(GeneratorConfiguration.fileName) to check the app group '\(group.value)' against, found none",
                        at: group.location))
            }
        }
        return findings
    }

    /// The file as a property list whose root is a `<dict>`, or its findings.
    private static func read(
        _ path: Located<String>, _ configuration: GeneratorConfiguration, into findings: inout [Diagnostic]
    ) -> PlistValue? {
        let file = configuration.resolve(path.value)
        var found: [Diagnostic] = []
        guard let bytes = ProviderLoader.readFile(file, diagnostics: &found) else {
            // Said at the oauthgen.json line that names it: that is the line to fix.
            findings += found.map {
                Diagnostic($0.severity, $0.rule, "\(path.value): \($0.message)", at: path.location)
            }
            return nil
        }
        let read = PlistReader.read(bytes, file: file)
        findings += read.diagnostics
        guard let root = read.value else { return nil }
        guard root.entries != nil else {
            findings.append(
                Diagnostic(
                    .error, .plistStructure,
                    "expected the property list's root to be a <dict>, found \(root.typeDescription)", at: root.location
                ))
            return nil
        }
        return root
    }

    private static func entry(_ key: String, in root: PlistValue) -> PlistEntry? {
        root.entries?.first { $0.key == key }
    }

    static func checkSchemes(
        _ redirects: [(provider: String, redirect: ClassifiedRedirect)], infoPlist root: PlistValue
    ) -> [Diagnostic] {
        let urlTypes = entry("CFBundleURLTypes", in: root)
        var registered: Set<String> = []
        for type in urlTypes?.value.arrayValue ?? [] {
            for scheme in entry("CFBundleURLSchemes", in: type)?.value.arrayValue ?? [] {
                if let text = scheme.stringValue { registered.insert(text.lowercased()) }
            }
        }
        var findings: [Diagnostic] = []
        var reported: Set<String> = []
        for (provider, redirect) in redirects {
            let (uri, report) = (redirect.uri, redirect.report)
            guard report.kind == .privateUseScheme, let scheme = report.parsed?.scheme.lowercased(),
                !registered.contains(scheme), reported.insert(scheme).inserted
            else { continue }
            findings.append(
                Diagnostic(
                    .error, .schemeNotRegistered,
                    "expected the URL scheme '\(scheme)' among CFBundleURLTypes' CFBundleURLSchemes, found \(urlTypes == nil ? "no CFBundleURLTypes" : "it missing"): provider '\(provider)' redirects to '\(uri.value)', and the app would never receive the response",
                    at: urlTypes?.keyLocation ?? root.location))
            findings.append(
                Diagnostic(
                    .note, .schemeNotRegistered, "the redirect URI that needs the scheme '\(scheme)'", at: uri.location)
            )
        }
        return findings
    }

    static let associatedDomainsKey = "com.apple.developer.associated-domains"

    static func checkAssociatedDomains(
        _ redirects: [(provider: String, redirect: ClassifiedRedirect)], entitlements root: PlistValue
    ) -> [Diagnostic] {
        let domains = entry(associatedDomainsKey, in: root)
        // `applinks:example.com?mode=developer` and `webcredentials:*.example.com` alike.
        let entries: [(service: String, host: String)] = (domains?.value.arrayValue ?? []).compactMap { value in
            guard let text = value.stringValue, let colon = text.firstIndex(of: ":") else { return nil }
            let host = text[text.index(after: colon)...].prefix { $0 != "?" }
            return (String(text[..<colon]), host.lowercased())
        }
        var findings: [Diagnostic] = []
        var reported: Set<String> = []
        for (provider, redirect) in redirects {
            let (uri, report) = (redirect.uri, redirect.report)
            guard report.kind == .claimedHTTPS, let host = report.parsed?.host?.lowercased(), !host.isEmpty else {
                continue
            }
            let covered = entries.contains { entry in
                guard entry.service == "applinks" || entry.service == "webcredentials" else { return false }
                if entry.host.hasPrefix("*.") { return host.hasSuffix(String(entry.host.dropFirst(1))) }
                return entry.host == host
            }
            guard !covered, reported.insert(host).inserted else { continue }
            findings.append(
                Diagnostic(
                    .error, .associatedDomainMissing,
                    "expected 'applinks:\(host)' or 'webcredentials:\(host)' in \(associatedDomainsKey), found \(domains == nil ? "no such key" : "neither"): provider '\(provider)' redirects to the claimed https URI '\(uri.value)', which the system delivers only to an app associated with its host",
                    at: domains?.keyLocation ?? root.location))
            findings.append(
                Diagnostic(
                    .note, .associatedDomainMissing, "the redirect URI that needs the associated domain '\(host)'",
                    at: uri.location))
        }
        return findings
    }

    static let keychainGroupsKey = "keychain-access-groups"

    static func checkKeychainGroups(_ groups: [Located<String>], entitlements root: PlistValue) -> [Diagnostic] {
        checkEntitled(
            groups, what: "the Keychain access group", key: keychainGroupsKey, rule: .keychainGroupNotEntitled,
            in: root,
            consequence: "every Keychain call with it would fail with errSecMissingEntitlement (-34018)")
    }

    static let appGroupsKey = "com.apple.security.application-groups"

    /// Each family's Keychain access group (a quirk file's `nativeSSO`), at the entitlements'
    /// `keychain-access-groups` (its root `<dict>` when absent), where the fix goes, with a note at
    /// the quirk file: the family's sign-in is shared through that group and no other.
    static func checkFamilyGroups(_ providers: [LoadedProvider], entitlements root: PlistValue) -> [Diagnostic] {
        let key = entry(keychainGroupsKey, in: root)
        let entitled = (key?.value.arrayValue ?? []).compactMap(\.stringValue)
        var findings: [Diagnostic] = []
        for provider in providers {
            guard let group = provider.quirks?.nativeSSO?.keychainAccessGroup, !group.value.isEmpty,
                !entitled.contains(where: { sameGroup($0, group.value) })
            else { continue }
            findings.append(
                Diagnostic(
                    .error, .keychainGroupNotEntitled,
                    "expected the family's Keychain access group '\(group.value)' in \(keychainGroupsKey), found \(key == nil ? "no such key" : "it missing"): provider '\(provider.name)' shares its sign-in with the family through it, and every Keychain call with it would fail with errSecMissingEntitlement (-34018)",
                    at: key?.keyLocation ?? root.location))
            findings.append(
                Diagnostic(
                    .note, .keychainGroupNotEntitled, "the family that shares its sign-in through '\(group.value)'",
                    at: group.location))
        }
        return findings
    }

    static func checkAppGroups(_ groups: [Located<String>], entitlements root: PlistValue) -> [Diagnostic] {
        // iOS's `group.…` names are matched exactly; macOS's team-prefixed ones as Keychain groups are.
        checkEntitled(
            groups, what: "the app group", key: appGroupsKey, rule: .appGroupNotEntitled, in: root,
            consequence:
                "containerURL(forSecurityApplicationGroupIdentifier:) would be nil, and a store shared with the app's extensions would not coordinate its refreshes"
        )
    }

    /// Each of `groups` not among the entitlement `key`'s strings, at the group's own location.
    private static func checkEntitled(
        _ groups: [Located<String>], what: String, key name: String, rule: RuleID, in root: PlistValue,
        consequence: String
    ) -> [Diagnostic] {
        let key = entry(name, in: root)
        let entitled = (key?.value.arrayValue ?? []).compactMap(\.stringValue)
        return groups.compactMap { group in
            guard !entitled.contains(where: { sameGroup($0, group.value) }) else { return nil }
            return Diagnostic(
                .error, rule,
                "expected \(what) '\(group.value)' in the entitlements' \(name), found \(key == nil ? "no such key" : "it missing"): \(consequence)",
                at: group.location)
        }
    }

    /// Equal, or equal once Xcode's `$(AppIdentifierPrefix)` / `$(TeamIdentifierPrefix)` stands
    /// for a team ID (ten capitals or digits and a dot) on either side. A group without a team
    /// prefix is not the entitled group with one: the Keychain wants the whole name.
    static func sameGroup(_ a: String, _ b: String) -> Bool {
        enum Prefix: Equatable {
            case variable, none
            case team(Substring)
        }
        func parts(_ group: String) -> (prefix: Prefix, rest: Substring) {
            for variable in AccessGroupPrefix.variables where group.hasPrefix(variable) {
                return (.variable, group.dropFirst(variable.count))
            }
            let head = group.prefix(11)
            if head.count == 11, head.last == ".",
                head.dropLast().allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
            {
                return (.team(head), group.dropFirst(11))
            }
            return (.none, group[...])
        }
        let (prefixA, restA) = parts(a)
        let (prefixB, restB) = parts(b)
        guard restA == restB else { return false }
        switch (prefixA, prefixB) {
        case (.variable, .variable), (.variable, .team), (.team, .variable): return true
        default: return prefixA == prefixB
        }
    }
}
