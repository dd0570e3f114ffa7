import OAuthPolicy

/// Advice that holds on some platforms only (RFC 8252 Appendix B), applied when `oauthgen.json`
/// names them.
enum PlatformRules {
    /// Windows URI activation takes schemes of at most 39 characters (Appendix B.3).
    static let windowsSchemeLimit = 39

    static func check(
        _ redirects: [ClassifiedRedirect], platforms: Set<GeneratorConfiguration.Platform>
    ) -> [Diagnostic] {
        guard platforms.contains(.windows) else { return [] }
        return redirects.compactMap { redirect in
            let (uri, report) = (redirect.uri, redirect.report)
            guard report.kind == .privateUseScheme, let scheme = report.parsed?.scheme,
                scheme.count > windowsSchemeLimit
            else { return nil }
            return Diagnostic(
                .warning, .redirectSchemeTooLongForWindows,
                "redirect URI '\(uri.value)': expected a private-use scheme of at most \(windowsSchemeLimit) characters for Windows URI activation, found \(scheme.count)",
                at: uri.location)
        }
    }
}
