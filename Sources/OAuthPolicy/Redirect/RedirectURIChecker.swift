/// Checks one redirect URI against RFC 3986 syntax, RFC 6749 §3.1.2 and RFC 8252 §7–§8: the one
/// classifier the build (every rule that looks at a redirect URI), the runtime
/// (`RegisteredRedirectURI`) and `oauthgen-login` share, so they cannot disagree on a kind.
public enum RedirectURIChecker {
    /// The verdict on `uri`: its kind and every finding, each at a UTF-8 offset into it.
    public static func check(_ uri: String) -> RedirectReport {
        var findings: [RedirectFinding] = []
        func add(_ severity: RedirectFinding.Severity, _ rule: RedirectRule, _ message: String, at offset: Int) {
            findings.append(RedirectFinding(severity: severity, rule: rule, message: message, offset: offset))
        }
        let bytes = Array(uri.utf8)

        if let problem = firstInvalidCharacter(bytes) {
            add(.error, .syntax, problem.message, at: problem.offset)
            return RedirectReport(uri: uri, kind: .invalid, parsed: nil, findings: findings)
        }
        guard let parsed = parse(bytes, findings: &findings) else {
            return RedirectReport(uri: uri, kind: .invalid, parsed: nil, findings: findings)
        }
        let scheme = parsed.scheme.lowercased()
        let schemeEnd = parsed.scheme.utf8.count
        let authorityStart = schemeEnd + 3
        let hostStart = authorityStart + (parsed.userinfo.map { $0.utf8.count + 1 } ?? 0)

        if let fragment = parsed.fragment {
            let offset = bytes.count - fragment.utf8.count - 1
            add(
                .error, .fragment,
                "expected no fragment in a redirect URI, found \(fragment.isEmpty ? "an empty fragment '#'" : "the fragment '#\(fragment)'")",
                at: offset)
        }
        if let star = bytes.firstIndex(of: UInt8(ascii: "*")) {
            add(
                .error, .wildcard,
                "expected a complete redirect URI that the server matches exactly, found the wildcard '*'", at: star)
        }
        if parsed.userinfo != nil {
            add(
                .error, .credentials,
                "expected no user information in a redirect URI, found '\(parsed.userinfo!)@'", at: authorityStart)
        }

        let kind: RedirectKind
        switch scheme {
        case "http":
            kind = classifyHTTP(parsed, hostStart: hostStart, add: add)
        case "https":
            if let host = parsed.host, !host.isEmpty {
                if isUnclaimable(host.lowercased()) {
                    kind = .invalid
                    add(
                        .error, .httpsNotClaimable,
                        "expected a claimed https redirect to name a domain the app controls, found '\(host)', which no app can claim (associated domains and app links take domain names); a redirect to this device uses http on 127.0.0.1 or [::1]",
                        at: hostStart)
                } else {
                    kind = .claimedHTTPS
                }
            } else {
                kind = .invalid
                add(
                    .error, .httpsNoHost,
                    "expected a claimed https redirect to name the app's domain as its host, found no host",
                    at: schemeEnd)
            }
        case "urn" where parsed.path.lowercased().hasPrefix("ietf:wg:oauth:2.0:oob"):
            kind = .invalid
            add(
                .error, .reservedScheme,
                "expected a private-use, claimed https or loopback redirect, found the out-of-band value 'urn:ietf:wg:oauth:2.0:oob', which providers no longer accept (use a loopback redirect instead)",
                at: 0)
        case _ where reservedSchemes.contains(scheme):
            kind = .invalid
            add(
                .error, .reservedScheme,
                "expected a private-use scheme that the app owns (a reverse domain name), found '\(parsed.scheme)', a scheme registered or in common use",
                at: 0)
        default:
            kind = .privateUseScheme
            checkPrivateUse(parsed, add: add)
        }
        return RedirectReport(uri: uri, kind: kind, parsed: parsed, findings: findings)
    }

    private static func classifyHTTP(
        _ uri: ParsedRedirectURI, hostStart: Int,
        add: (RedirectFinding.Severity, RedirectRule, String, Int) -> Void
    ) -> RedirectKind {
        let host = uri.host?.lowercased() ?? ""
        switch host {
        case "127.0.0.1", "[::1]", "localhost":
            if host == "localhost" {
                add(
                    .warning, .localhost,
                    "expected the loopback IP literal 127.0.0.1 or [::1], found 'localhost', which may resolve to another interface or be blocked by a firewall",
                    hostStart)
            }
            if let port = uri.port {
                add(
                    .note, .fixedPort,
                    "expected no fixed port: the client listens on an ephemeral port chosen at run time and the server must accept any port, found port \(port)",
                    hostStart + host.utf8.count + 1)
            }
            return .loopback
        case "":
            add(
                .error, .httpNotLoopback,
                "expected http redirects to name the loopback host 127.0.0.1 or [::1], found no host", hostStart)
            return .invalid
        default:
            let lookalike =
                looksLocal(host)
                ? "; it may look or even be local, but loopback redirects use exactly the literals 127.0.0.1 or [::1]"
                : "; http is only allowed on the loopback interface, use https or a private-use scheme"
            add(
                .error, .httpNotLoopback,
                "expected http redirects to name the loopback host 127.0.0.1 or [::1], found '\(uri.host ?? "")'\(lookalike)",
                hostStart)
            return .invalid
        }
    }

    /// Hosts of a claimed https redirect that no app can claim: an app proves it controls a
    /// domain by a file the domain serves (RFC 8252 §7.2), and `localhost` or an IP address is no
    /// domain anyone controls for everyone.
    static func isUnclaimable(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("[")
            || (host.contains(".") && host.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") })
    }

    /// Hosts that a reader might take for loopback but are not the two literals RFC 8252 §7.3 names.
    static func looksLocal(_ host: String) -> Bool {
        host.hasPrefix("127.") || host.hasSuffix(".localhost") || host.hasPrefix("localhost.")
            || host.hasPrefix("[::ffff:127.") || host.hasPrefix("[0:0:0:0:0:0:0:1") || host == "0.0.0.0"
            || host == "[::]" || host.hasPrefix("0x7f") || host == "2130706433" || host.hasPrefix("127.0.0.1.")
    }

    private static func checkPrivateUse(
        _ uri: ParsedRedirectURI, add: (RedirectFinding.Severity, RedirectRule, String, Int) -> Void
    ) {
        let labels = uri.scheme.lowercased().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if labels.count < 2 {
            add(
                .error, .schemeNoPeriod,
                "expected a private-use scheme based on a reverse domain name the app controls (e.g. 'com.example.app'), found '\(uri.scheme)' with no period; servers should reject it and any app can claim it",
                0)
        } else if labels.contains(where: \.isEmpty) {
            add(
                .error, .schemeNoPeriod,
                "expected a reverse domain name with non-empty labels, found '\(uri.scheme)'", 0)
        } else if let last = labels.last, let first = labels.first,
            forwardOrderTLDs.contains(last), !forwardOrderTLDs.contains(first)
        {
            add(
                .warning, .schemeForwardOrder,
                "expected the domain name in reverse order (e.g. '\(labels.reversed().joined(separator: "."))'), found '\(uri.scheme)', which reads as a forward-order domain",
                0)
        }
        if !uri.hasAuthority, !uri.path.hasPrefix("/") {
            // RFC 3986 allows a rootless path, and RFC 8252 §7.1 does not rule it out; iOS 26
            // does: the sign-in completes in the browser and the app never hears of it.
            add(
                .warning, .schemeRootless,
                "expected a slash after the private-use scheme ('\(uri.scheme):/\(uri.path)'), found '\(uri.scheme):\(uri.path)': on iOS 26 ASWebAuthenticationSession never delivers a callback to such a URI, and the sign-in silently fails",
                uri.scheme.utf8.count + 1)
        }
        if uri.hasAuthority {
            add(
                .warning, .schemeDoubleSlash,
                "expected a single slash after a private-use scheme ('\(uri.scheme):/\(uri.host ?? "")\(uri.path)'), found '\(uri.scheme)://'",
                uri.scheme.utf8.count + 1)
        }
    }

    // MARK: - RFC 3986 syntax
}
