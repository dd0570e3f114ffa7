// The word lists the scheme checks read, kept apart from the checks themselves.
extension RedirectURIChecker {
    /// Schemes registered with IANA or too well known to be anyone's private-use scheme.
    static let reservedSchemes: Set<String> = [
        "about", "blob", "chrome", "content", "data", "dns", "feed", "file", "ftp", "geo", "git", "http", "https",
        "im", "intent", "irc", "javascript", "jar", "ldap", "ldaps", "mailto", "market", "ms-appx", "news", "nfs",
        "rtsp", "sftp", "sip", "sips", "sms", "smb", "snmp", "ssh", "tel", "telnet", "urn", "vnc", "ws", "wss",
        "xmpp", "view-source", "resource", "moz-extension", "chrome-extension", "itms", "itms-apps",
        "itms-services", "facetime", "facetime-audio", "maps", "shortcuts", "x-apple-systempreferences",
        "prefs", "app-settings",
    ]

    /// Top-level domains whose appearance as the *last* label of a scheme suggests a forward-order
    /// domain name (`app.example.com`) instead of the reverse order RFC 8252 §7.1 asks for. `app`
    /// is left out on purpose: it ends many reverse-order bundle IDs (`com.example.app`).
    static let forwardOrderTLDs: Set<String> = [
        "com", "org", "net", "edu", "gov", "io", "dev", "co", "de", "uk", "fr", "jp", "cn", "ru", "nl",
        "eu", "me", "us", "ca", "au", "ch", "se", "no", "it", "es", "in", "br",
    ]
}
