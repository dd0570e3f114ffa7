import FuzzSupport
import OAuthPolicy
@testable import OAuthGenCore

/// The app's Info.plist and entitlements against redirect URIs and Keychain groups (the checks
/// `oauthgen.json`'s infoPlist and entitlements turn on): no crash; every finding located on
/// one of the three files, at a real line and column; nothing printed that could drive a
/// terminal or forge a line; the access-group match symmetric.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = FuzzInput(start, count).parts(4)
    let info = PlistReader.read(parts[0], file: "Info.plist").value
    let entitlements = PlistReader.read(parts[1], file: "App.entitlements").value
    let lines = String(decoding: parts[2], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    let redirects = lines.prefix(8).enumerated().map { index, line in
        (
            provider: "acme",
            redirect: ClassifiedRedirect(
                uri: Located(String(line), at: SourceLocation(file: "acme.quirks.plist", line: index + 1, column: 1)),
                report: RedirectURIChecker.check(String(line)))
        )
    }
    let groups = String(decoding: parts[3], as: UTF8.self).split(separator: "\n").prefix(4).enumerated().map {
        index, line in
        Located(String(line), at: SourceLocation(file: "oauthgen.json", line: index + 1, column: 1))
    }
    var findings: [Diagnostic] = []
    if let info, info.entries != nil { findings += AppFileRules.checkSchemes(redirects, infoPlist: info) }
    if let entitlements, entitlements.entries != nil {
        findings += AppFileRules.checkAssociatedDomains(redirects, entitlements: entitlements)
        findings += AppFileRules.checkKeychainGroups(groups, entitlements: entitlements)
    }
    for finding in findings {
        let location = finding.location
        require(
            ["Info.plist", "App.entitlements", "acme.quirks.plist", "oauthgen.json"].contains(location?.file ?? ""),
            "finding on another file: \(finding)")
        require((location?.line ?? 0) >= 1 && (location?.column ?? 0) >= 1, "unlocated: \(finding)")
        require(
            !TerminalText.containsInvisibleOrControl(finding.description), "unescaped text in: \(finding.description)")
    }
    if groups.count >= 2 {
        require(
            AppFileRules.sameGroup(groups[0].value, groups[1].value)
                == AppFileRules.sameGroup(groups[1].value, groups[0].value),
            "sameGroup is not symmetric for \(groups[0].value) and \(groups[1].value)")
    }
    return 0
}
