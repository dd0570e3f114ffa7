/// Which HTTP header fields a provider's quirks may add to the client's token endpoint requests:
/// one list for the build and the runtime, so a quirk file the build accepts never replaces the
/// client's own credentials, proof or framing at run time.
public enum HeaderPolicy {
    /// Fields the client sets itself, or that belong to the connection (RFC 9110 §7.6.1), lowercased:
    /// a quirk that set `Authorization` or `DPoP` would replace the client's credentials or its
    /// proof, and one that set `Content-Length` or `Host` would reframe or redirect the request.
    /// (`Accept` is not among them: providers such as GitHub need it, and it carries no secret.)
    public static let reservedTokenRequestHeaders: Set<String> = [
        "authorization", "dpop", "content-type", "content-length", "host", "transfer-encoding",
        "connection", "keep-alive", "te", "trailer", "upgrade", "proxy-authorization", "expect", "cookie",
    ]

    /// Whether a quirk header would replace one of ``reservedTokenRequestHeaders``, compared
    /// without case, as HTTP field names are (RFC 9110 §5.1).
    public static func isReserved(_ name: String) -> Bool {
        reservedTokenRequestHeaders.contains(name.lowercased())
    }

    /// Whether `name` is a field name: a token (RFC 9110 §5.6.2) of visible ASCII without delimiters.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default:
                    "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }

    /// Whether `value` is a field value (RFC 9110 §5.5): no control character but horizontal tab,
    /// so no CR or LF can start another header field.
    public static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }
}
