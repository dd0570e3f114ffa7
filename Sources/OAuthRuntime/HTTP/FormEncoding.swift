import Foundation

/// `application/x-www-form-urlencoded` (the WHATWG URL standard's serializer, which RFC 6749
/// Appendix B follows): everything but `*-._` and alphanumerics is percent-encoded; space is `+`.
enum FormEncoding {
    /// A request body.
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// A URL query: the same, but a space is `%20`, which RFC 3986 query parsers and form
    /// parsers both read as a space (`+` is a space only to the latter).
    static func encodeQuery(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0, spaceAsPlus: false))=\(escape($0.1, spaceAsPlus: false))" }.joined(separator: "&")
    }

    static func escape(_ text: String, spaceAsPlus: Bool = true) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " ") where spaceAsPlus:
                result += "+"
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// Parses a form body or query; `+` is a space; malformed escapes are kept as written.
    static func decode(_ text: String) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(String(parts[0]))
            let value = parts.count > 1 ? unescape(String(parts[1])) : ""
            return (name, value)
        }
    }

    static func unescape(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
