extension ClientOptions: CustomStringConvertible {
    /// The options that are no secret; the client secret and key only as being there.
    public var description: String {
        var parts = ["clientID: \(clientID ?? "from the configuration")"]
        if clientSecret != nil { parts.append("clientSecret: <redacted>") }
        if let clientKey { parts.append("clientKey: \(clientKey)") }
        if let registration { parts.append("registration: \(registration)") }
        parts += [
            "clockSkew: \(clockSkew)", "pendingAuthorizationLifetime: \(pendingAuthorizationLifetime)",
            "allowInsecureLoopback: \(allowInsecureLoopback)",
        ]
        return "ClientOptions(" + parts.joined(separator: ", ") + ")"
    }
}

extension ClientOptions: CustomReflectable {
    /// Its description only: `dump` of the options, of a client that keeps them
    /// (``OAuthClient/options``) or of a session over that client never shows the client secret
    /// (issue 45, G5: all three printed it).
    public var customMirror: Mirror { .redacted(self) }
}
