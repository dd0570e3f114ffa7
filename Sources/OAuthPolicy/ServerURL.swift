/// An absolute `http` or `https` URL of an authorization server (an issuer or an endpoint),
/// parsed strictly by RFC 3986 so that every platform's URL type accepts it the same way.
///
/// Foundation is lenient in different ways on different platforms: one percent-encodes a space,
/// another refuses it, and generated code that force-unwraps `URL(string:)` would trap at launch.
/// The build and the runtime both parse with this type, so what one accepts the other accepts.
public struct ServerURL: Sendable, Hashable {
    /// Lowercased: `https` or `http`.
    public let scheme: String
    /// As written; an IPv6 literal keeps its brackets (`[::1]`).
    public let host: String
    /// The explicit port, if the URL names one (1–65535).
    public let port: Int?
    /// Path and query, as written (percent-encoded).
    public let pathAndQuery: String
    /// Whether a `?` query part is present.
    public let hasQuery: Bool

    /// Parses `text`; the error says what was expected and where it was not found.
    public init(parsing text: String) throws(ServerURLError) {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            throw ServerURLError(.notAbsolute, offset: 0)
        }
        for (index, byte) in bytes[..<colon].enumerated() {
            let letter = URIGrammar.isLetter(byte)
            guard
                letter
                    || (index > 0
                        && (URIGrammar.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                            || byte == UInt8(ascii: ".")))
            else {
                throw ServerURLError(.invalidScheme, offset: index)
            }
        }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "https" || scheme == "http" else { throw ServerURLError(.unsupportedScheme(scheme), offset: 0) }
        guard bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else {
            throw ServerURLError(.missingAuthority, offset: colon + 1)
        }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count,
            ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[authorityEnd])
        {
            authorityEnd += 1
        }
        let authority = bytes[authorityStart..<authorityEnd]
        if let at = authority.firstIndex(of: UInt8(ascii: "@")) { throw ServerURLError(.userInfo, offset: at) }

        // Host: an IP literal in brackets, or a reg-name; then an optional port.
        var hostEnd = authorityStart
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                throw ServerURLError(.invalidHost, offset: authorityStart)
            }
            for index in (authorityStart + 1)..<close
            where
                !(URIGrammar.isHexDigit(bytes[index]) || bytes[index] == UInt8(ascii: ":")
                || bytes[index] == UInt8(ascii: "."))
            {
                throw ServerURLError(.invalidHost, offset: index)
            }
            guard close > authorityStart + 1 else { throw ServerURLError(.invalidHost, offset: authorityStart) }
            hostEnd = close + 1
        } else {
            while hostEnd < authorityEnd, bytes[hostEnd] != UInt8(ascii: ":") {
                let byte = bytes[hostEnd]
                if byte == UInt8(ascii: "%") {
                    try Self.checkPercent(bytes, at: hostEnd)
                    hostEnd += 3
                    continue
                }
                guard URIGrammar.isUnreserved(byte) || URIGrammar.isSubDelimiter(byte) else {
                    throw ServerURLError(.invalidHost, offset: hostEnd)
                }
                hostEnd += 1
            }
        }
        guard hostEnd > authorityStart else { throw ServerURLError(.missingHost, offset: authorityStart) }
        var port: Int?
        if hostEnd < authorityEnd {
            guard bytes[hostEnd] == UInt8(ascii: ":") else { throw ServerURLError(.invalidHost, offset: hostEnd) }
            let digits = bytes[(hostEnd + 1)..<authorityEnd]
            if !digits.isEmpty {
                var value = 0
                for (offset, byte) in zip(digits.indices, digits) {
                    guard URIGrammar.isDigit(byte) else { throw ServerURLError(.invalidPort, offset: offset) }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    guard value <= 65_535 else { throw ServerURLError(.invalidPort, offset: hostEnd + 1) }
                }
                port = value
            }
        }

        // Path and query: pchar, "/", "?", with valid percent-encoding; no fragment.
        var index = authorityEnd
        var hasQuery = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") { throw ServerURLError(.fragment, offset: index) }
            if byte == UInt8(ascii: "?") { hasQuery = true }
            if byte == UInt8(ascii: "%") {
                try Self.checkPercent(bytes, at: index)
                index += 3
                continue
            }
            guard
                URIGrammar.isUnreserved(byte) || URIGrammar.isSubDelimiter(byte)
                    || [UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?")].contains(byte)
            else {
                throw ServerURLError(.invalidCharacter, offset: index)
            }
            index += 1
        }
        self.scheme = scheme
        self.host = String(decoding: bytes[authorityStart..<hostEnd], as: UTF8.self)
        self.port = port
        self.pathAndQuery = String(decoding: bytes[authorityEnd...], as: UTF8.self)
        self.hasQuery = hasQuery
    }

    private static func checkPercent(_ bytes: [UInt8], at index: Int) throws(ServerURLError) {
        guard index + 2 < bytes.count, URIGrammar.isHexDigit(bytes[index + 1]), URIGrammar.isHexDigit(bytes[index + 2])
        else {
            throw ServerURLError(.invalidPercentEncoding, offset: index)
        }
    }
}
