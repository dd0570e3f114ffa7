/// The verdict on one redirect URI.
public struct RedirectReport: Sendable, Hashable {
    /// The URI as given.
    public var uri: String
    /// Its kind; `.invalid` when an error leaves it none.
    public var kind: RedirectKind
    /// The parsed URI, when it parses.
    public var parsed: ParsedRedirectURI?
    /// Everything the checker found, in the order of the URI.
    public var findings: [RedirectFinding]

    /// The first error, if any: what the runtime refuses the URI for.
    public var firstError: RedirectFinding? { findings.first { $0.severity == .error } }
}
