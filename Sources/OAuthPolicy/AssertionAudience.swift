/// What a client assertion (`private_key_jwt`) names as its `aud`, as a quirk file names it and the
/// runtime's `ClientAssertionAudience` declares it (a test holds the two to the same values).
///
/// draft-ietf-oauth-rfc7523bis makes it the issuer, the one value no other server accepts; RFC 7523
/// §3 and OIDC Core §9 allowed the token endpoint URL, and some servers (idpyoidc, by default)
/// still take only that.
public enum AssertionAudience: String, Sendable, Hashable, CaseIterable {
    /// The authorization server's issuer identifier (the default).
    case issuer
    /// The token endpoint URL, for a server that takes only that.
    case tokenEndpoint

    /// The runtime's case name, for generated code.
    public var caseName: String { rawValue }
}
