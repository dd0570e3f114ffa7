/// The loopback interface as RFC 8252 §7.3 and §8.3 name it.
public enum LoopbackHost {
    /// 127.0.0.1 or ::1 (with or without brackets): addresses, not names, so nothing can make
    /// them resolve elsewhere.
    public static func isIPLiteral(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "[::1]" || host == "::1"
    }
}
