import OAuthPolicy

/// The checks every server URL (issuer or endpoint) gets, in a discovery document or a quirk file:
/// the runtime's own parser and rule (`OAuthPolicy`), so the build never accepts a URL the
/// runtime refuses or a string that is no URL on some platform.
enum EndpointCheck {
    /// Findings about one server URL; `what` names it in messages (e.g. `"token_endpoint"`).
    /// For a declared loopback development server (`loopbackDevelopment`) http on a loopback
    /// literal is what it is: `DevelopmentServerRules` notes that once for the provider.
    static func check(_ value: Located<String>, what: String, loopbackDevelopment: Bool = false) -> [Diagnostic] {
        let url: ServerURL
        do {
            url = try serverURL(value.value)
        } catch {
            if case .unsupportedScheme(let scheme) = error.reason {
                return [
                    Diagnostic(
                        .error, .discoveryInsecureEndpoint,
                        "expected \(what) to use https, found '\(scheme)' in '\(value.value)'", at: value.location)
                ]
            }
            // The location stays on the value: JSON escapes (`\/`) make offsets inside the decoded
            // text differ from columns in the file.
            return [
                Diagnostic(
                    .error, .discoveryInvalidURL,
                    "expected \(what) to be an absolute https URL: \(error) at character \(error.offset + 1), found '\(value.value)'",
                    at: value.location)
            ]
        }
        switch EndpointRule.verdict(for: url) {
        case .secure:
            return []
        case .insecureLoopback where loopbackDevelopment:
            return []
        case .insecureLoopback:
            return [
                Diagnostic(
                    .warning, .discoveryInsecureEndpoint,
                    "expected \(what) to use https, found http on the loopback address '\(url.host)'; the client accepts it only when made with allowInsecureLoopback: true; a local development server says so once with the quirk file's \"loopbackDevelopmentServer\"",
                    at: value.location)
            ]
        case .refused:
            let reason =
                url.host.lowercased() == "localhost"
                ? "; 'localhost' is a name that can resolve elsewhere, so the client refuses it: use 127.0.0.1 or [::1] for a local server"
                : ""
            return [
                Diagnostic(
                    .error, .discoveryInsecureEndpoint,
                    "expected \(what) to use https, found 'http' in '\(value.value)'\(reason)", at: value.location)
            ]
        }
    }

    /// `text` as the runtime's strict parser reads it. Braces are checked by the issuer template
    /// rules; here they must not stop URL parsing.
    static func serverURL(_ text: String) throws(ServerURLError) -> ServerURL {
        try ServerURL(parsing: text.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "x"))
    }
}
