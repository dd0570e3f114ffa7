import OAuthPolicy

/// Checks an app's Info.plist against its providers' redirect URIs: every private-use scheme a
/// provider redirects to must be registered in `CFBundleURLTypes` (RFC 8252 Appendix B.1), or
/// the response never reaches the app; a registered scheme no provider uses is worth a look.
package enum URLSchemeCheck {
    /// `CFBundleURLTypes[*].CFBundleURLSchemes[*]` with their locations.
    package static func registeredSchemes(infoPlist bytes: [UInt8], file: String) -> ([Located<String>], [Diagnostic]) {
        let read = PlistReader.read(bytes, file: file)
        guard let entries = read.value?.entries else { return ([], read.diagnostics) }
        var schemes: [Located<String>] = []
        for type in entries.first(where: { $0.key == "CFBundleURLTypes" })?.value.arrayValue ?? [] {
            for entry in type.entries ?? [] where entry.key == "CFBundleURLSchemes" {
                for scheme in entry.value.arrayValue ?? [] {
                    if let text = scheme.stringValue { schemes.append(Located(text, at: scheme.location)) }
                }
            }
        }
        return (schemes, read.diagnostics)
    }

    /// Findings for `redirectURIs` (each at its quirk-file location) against `schemes`.
    package static func check(
        redirectURIs: [Located<String>], schemes: [Located<String>], infoPlist: String
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let registered = Set(schemes.map { $0.value.lowercased() })
        var used: Set<String> = []
        for uri in redirectURIs {
            let report = RedirectURIChecker.check(uri.value)
            guard report.kind == .privateUseScheme, let scheme = report.parsed?.scheme.lowercased() else { continue }
            used.insert(scheme)
            if !registered.contains(scheme) {
                findings.append(
                    Diagnostic(
                        .error, .schemeNotRegistered,
                        "expected the scheme '\(scheme)' of redirect URI '\(uri.value)' among \(infoPlist)'s CFBundleURLSchemes, found it missing: the app would never receive the response",
                        at: uri.location))
            }
        }
        for scheme in schemes where !used.contains(scheme.value.lowercased()) {
            findings.append(
                Diagnostic(
                    .warning, .schemeUnused,
                    "registered URL scheme '\(scheme.value)' is not the scheme of any provider's redirect URI; remove it if nothing else opens the app with it",
                    at: scheme.location))
        }
        return findings
    }
}
