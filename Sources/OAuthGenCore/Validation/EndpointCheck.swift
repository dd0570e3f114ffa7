import Foundation

/// The checks every server URL (issuer or endpoint) gets, in a discovery document or a quirk file.
enum EndpointCheck {
    /// Hosts on which plain http is tolerated, for local development servers only.
    static func isLoopbackHost(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
    }

    /// Findings about one server URL; `what` names it in messages (e.g. `"token_endpoint"`).
    static func check(_ value: Located<String>, what: String) -> [Diagnostic] {
        // Braces are checked by the issuer template rules; here they must not stop URL parsing.
        let text = value.value.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "x")
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty
        else {
            return [Diagnostic(.error, .discoveryInvalidURL,
                "expected \(what) to be an absolute https URL, found '\(value.value)'", at: value.location)]
        }
        var findings: [Diagnostic] = []
        switch scheme {
        case "https":
            break
        case "http" where isLoopbackHost(host):
            findings.append(Diagnostic(.warning, .discoveryInsecureEndpoint,
                "expected \(what) to use https, found http on the loopback host '\(host)'; acceptable only for a local development server",
                at: value.location))
        default:
            findings.append(Diagnostic(.error, .discoveryInsecureEndpoint,
                "expected \(what) to use https, found '\(scheme)' in '\(value.value)'", at: value.location))
        }
        if components.fragment != nil {
            findings.append(Diagnostic(.error, .discoveryInvalidURL,
                "expected no fragment in \(what), found '\(value.value)'", at: value.location))
        }
        return findings
    }
}
