import Foundation
import OAuthPolicy

/// What the generated code itself needs: it force-unwraps `URL(string:)` for every endpoint and
/// redirect URI, so Foundation on the build machine must parse each value the stricter checks
/// accepted, or the app would trap at launch. Values those checks refuse are theirs to report.
enum GeneratedCodeRules {
    static func check(_ provider: LoadedProvider) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (name, url) in provider.endpoints
        where (try? ServerURL(parsing: url.value)) != nil && URL(string: url.value) == nil {
            findings.append(unparsable(url, what: "endpoint \"\(name.rawValue)\""))
        }
        for redirect in provider.redirects + provider.postLogoutRedirects
        where redirect.report.firstError == nil && URL(string: redirect.uri.value) == nil {
            findings.append(unparsable(redirect.uri, what: "redirect URI"))
        }
        return findings
    }

    private static func unparsable(_ value: Located<String>, what: String) -> Diagnostic {
        Diagnostic(
            .error, .discoveryInvalidURL,
            "expected \(what) to be a URL Foundation parses (RFC 3986), found '\(value.value)', which it refuses",
            at: value.location)
    }
}
