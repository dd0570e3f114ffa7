// The URI's characters (RFC 3986 §2) and its parts, before any rule is checked: kept apart from
// the rules (RedirectURIChecker.swift) so each file reads as one concern.
extension RedirectURIChecker {
    struct CharacterProblem {
        var message: String
        var offset: Int
    }

    /// RFC 3986 §2: unreserved, reserved and `%` HEXDIG HEXDIG only.
    static func firstInvalidCharacter(_ bytes: [UInt8]) -> CharacterProblem? {
        if bytes.isEmpty {
            return CharacterProblem(message: "expected an absolute URI, found an empty string", offset: 0)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, URIGrammar.isHexDigit(bytes[index + 1]),
                    URIGrammar.isHexDigit(bytes[index + 2])
                else {
                    return CharacterProblem(
                        message:
                            "expected '%' to start a percent-encoded octet such as %2F, found a '%' not followed by two hex digits",
                        offset: index)
                }
                index += 3
                continue
            }
            if !URIGrammar.isURICharacter(byte) {
                let text = String(decoding: bytes, as: UTF8.self)
                let shown =
                    byte < 0x80 && byte >= 0x20
                    ? "'\(Character(Unicode.Scalar(byte)))'" : "the byte 0x\(String(byte, radix: 16, uppercase: true))"
                var message = "expected only characters allowed in a URI, found \(shown)"
                if byte == 0x20 {
                    message += "; spaces must be percent-encoded (%20)"
                } else if text.contains("{") || text.contains("<") || text.contains("${") {
                    message += "; it looks like an unfilled template placeholder"
                } else if byte >= 0x80 {
                    message += "; non-ASCII characters must be percent-encoded"
                }
                return CharacterProblem(message: message, offset: index)
            }
            index += 1
        }
        return nil
    }

    static func parse(_ bytes: [UInt8], findings: inout [RedirectFinding]) -> ParsedRedirectURI? {
        func fail(_ rule: RedirectRule, _ message: String, _ offset: Int) -> ParsedRedirectURI? {
            findings.append(RedirectFinding(severity: .error, rule: rule, message: message, offset: offset))
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // RFC 3986 §4.2: without ':' before the first '/', '?' or '#' it is a relative reference.
        guard
            let colon = bytes.firstIndex(where: {
                $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }),
            bytes[colon] == UInt8(ascii: ":")
        else {
            var message =
                "expected an absolute URI with a scheme followed by ':', found the relative reference '\(text)'"
            let slash = UInt8(ascii: "/")
            if let slashes = bytes.indices.dropLast().first(where: { bytes[$0] == slash && bytes[$0 + 1] == slash }),
                slashes > 0
            {
                message += "; is a ':' missing after '\(String(decoding: bytes[..<slashes], as: UTF8.self))'?"
            }
            return fail(.notAbsolute, message, 0)
        }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self)
        guard let first = bytes.first, URIGrammar.isLetter(first),
            bytes[..<colon].allSatisfy(URIGrammar.isSchemeCharacter)
        else {
            return fail(
                .syntax,
                "expected a scheme of a letter followed by letters, digits, '+', '-' or '.', found '\(scheme)'", 0)
        }
        var uri = ParsedRedirectURI(scheme: scheme, hasAuthority: false, path: "")
        var rest = bytes[(colon + 1)...]

        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            uri.fragment = String(decoding: rest[(hash + 1)...], as: UTF8.self)
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            if let bracket = rest[(question + 1)...].firstIndex(where: {
                $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
            }) {
                return fail(
                    .syntax,
                    "expected '[' and ']' only around an IPv6 address in the host, found '\(Character(Unicode.Scalar(bytes[bracket])))' in the query",
                    bracket)
            }
            uri.query = String(decoding: rest[(question + 1)...], as: UTF8.self)
            rest = rest[..<question]
        }
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            uri.hasAuthority = true
            let authorityStart = rest.startIndex + 2
            let authorityEnd = rest[authorityStart...].firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            var authority = rest[authorityStart..<authorityEnd]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
                uri.userinfo = String(decoding: authority[..<at], as: UTF8.self)
                authority = authority[(at + 1)...]
            }
            var hostEnd = authority.endIndex
            if authority.first == UInt8(ascii: "[") {
                guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                    return fail(
                        .syntax, "expected ']' to close the IP literal that starts with '['", authority.startIndex)
                }
                hostEnd = close + 1
                if hostEnd < authority.endIndex && authority[hostEnd] != UInt8(ascii: ":") {
                    return fail(
                        .syntax, "expected ':' or the end of the authority after the IP literal, found more text",
                        hostEnd)
                }
            } else if let portColon = authority.firstIndex(of: UInt8(ascii: ":")) {
                hostEnd = portColon
            }
            // RFC 3986 §3.2.2: an IP literal holds hex digits, ':' and '.'; a reg-name only
            // unreserved, sub-delims and percent-encodings. Foundation refuses anything else, and
            // generated code force-unwraps the URL.
            let hostBytes = authority[authority.startIndex..<hostEnd]
            if hostBytes.first == UInt8(ascii: "[") {
                if let bad = hostBytes.dropFirst().dropLast().firstIndex(where: {
                    !URIGrammar.isHexDigit($0) && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: ".")
                }) {
                    return fail(
                        .syntax,
                        "expected only hex digits, ':' and '.' in the IP literal, found '\(Character(Unicode.Scalar(bytes[bad])))'",
                        bad)
                }
            } else if let bad = hostBytes.firstIndex(where: {
                !URIGrammar.isUnreserved($0) && !URIGrammar.isSubDelimiter($0) && $0 != UInt8(ascii: "%")
            }) {
                return fail(
                    .syntax,
                    "expected a host of letters, digits, '-', '.', '_', '~', sub-delimiters or %-escapes, found '\(Character(Unicode.Scalar(bytes[bad])))'",
                    bad)
            }
            uri.host = String(decoding: hostBytes, as: UTF8.self)
            if hostEnd < authority.endIndex {
                let portDigits = authority[(hostEnd + 1)...]
                let portText = String(decoding: portDigits, as: UTF8.self)
                if !portDigits.isEmpty {
                    guard portDigits.allSatisfy(URIGrammar.isDigit) else {
                        return fail(.port, "expected the port to be decimal digits, found '\(portText)'", hostEnd + 1)
                    }
                    guard portDigits.count <= 5, let port = Int(portText), (1...65535).contains(port) else {
                        return fail(.port, "expected a port from 1 to 65535, found \(portText)", hostEnd + 1)
                    }
                    uri.port = portText
                }
            }
            uri.path = String(decoding: rest[authorityEnd...], as: UTF8.self)
        } else {
            uri.path = String(decoding: rest, as: UTF8.self)
        }
        // '[' and ']' are for an IP literal in the host only (RFC 3986 §3.2.2, §3.3, §3.4).
        let afterAuthority =
            uri.hasAuthority
            ? (rest[(rest.startIndex + 2)...].firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex) : rest.startIndex
        if let bracket = rest[afterAuthority...].firstIndex(where: {
            $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
        }) {
            return fail(
                .syntax,
                "expected '[' and ']' only around an IPv6 address in the host, found '\(Character(Unicode.Scalar(bytes[bracket])))' in the path",
                bracket)
        }
        return uri
    }
}
