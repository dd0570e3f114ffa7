/// Which request paths an access token may travel to: none that a server, a proxy or libcurl
/// would read as another path than the one the client checked.
///
/// A resource's token is bound to its origin *and* its path (a gateway hosts `/a/mcp` and
/// `/b/mcp`, each with its own authorization server). A prefix check on a path as written is
/// wrong twice: RFC 3986 §5.2.4 has every resolver remove `.` and `..` segments, so
/// `/a/mcp/../../b/mcp` is `/b/mcp` on the wire (libcurl sends it so); and a percent-encoded
/// `.` or `/` (`%2e%2e/`, `..%2f`, RFC 3986 §2.4) is decoded by some servers and gateways before
/// they route, by others never. A backslash (`%5c`) is a separator to several gateways. The
/// only reading every party shares is a path that holds none of them, so one that does is
/// refused before any prefix is compared, wherever a token is attached.
public enum TokenDestinationPath {
    /// Why a path may be read as another one.
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// A `.` or `..` segment, as written.
        case dotSegment(String)
        /// A percent-encoded `.`, `/` or `\`, as written (`%2e`, `%2F`, `%5c`).
        case encodedSeparator(String)

        /// What was found, in the words of an error ("found …").
        public var description: String {
            switch self {
            case .dotSegment(let segment): "a '\(segment)' segment"
            case .encodedSeparator(let escape): "an encoded '\(escape)'"
            }
        }
    }

    /// Why `pathAndQuery` (percent-encoded, as written; the query, if any, is not read) may reach
    /// another path than it names, or `nil` when it cannot.
    public static func refusal(in pathAndQuery: some StringProtocol) -> Refusal? {
        let path = pathAndQuery.prefix { $0 != "?" && $0 != "#" }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false)
        where segment == "." || segment == ".." {
            return .dotSegment(String(segment))
        }
        let bytes = Array(path.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                let escape = String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                if ["%2e", "%2f", "%5c"].contains(escape.lowercased()) { return .encodedSeparator(escape) }
            }
            index += 1
        }
        return nil
    }
}
