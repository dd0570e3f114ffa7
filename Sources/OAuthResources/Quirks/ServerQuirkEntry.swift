import Foundation

/// A catalog entry: the authorization servers it names, by issuer or issuer pattern, their
/// quirks, and where each was learnt.
public struct ServerQuirkEntry: Sendable, Hashable {
    /// The server's name, for reports (`Microsoft Entra ID (one tenant)`): the provider catalog entry's display name.
    public let name: String
    /// The issuer, exactly, or a pattern where `{name}` stands for one path segment
    /// (`https://login.microsoftonline.com/{tenant}/v2.0`) or one host label
    /// (`https://{instance}.my.salesforce.com`).
    public let issuerPattern: String
    /// What the server does differently.
    public let quirks: ServerQuirks
    /// Where each quirk was learnt: the server's documentation, or a public report of it.
    public let sources: [String]

    /// An entry for the servers `issuerPattern` names.
    public init(name: String, issuerPattern: String, quirks: ServerQuirks, sources: [String]) {
        self.name = name
        self.issuerPattern = issuerPattern
        self.quirks = quirks
        self.sources = sources
    }

    /// Whether `issuer` is one the pattern names: literal parts compared exactly, a `{name}`
    /// matching a non-empty run without `/` (and, in the host, without `.`).
    public func matches(issuer: String) -> Bool {
        var pattern = Substring(issuerPattern)
        var rest = Substring(issuer)
        while let open = pattern.firstIndex(of: "{") {
            let literal = pattern[..<open]
            guard rest.hasPrefix(literal), let close = pattern[open...].firstIndex(of: "}") else { return false }
            rest = rest.dropFirst(literal.count)
            // In the authority (no `/` yet after the scheme's `//`), a placeholder is one label.
            let before = issuerPattern[..<open]
            let authority = before.range(of: "://").map { before[$0.upperBound...] } ?? before
            let inHost = !authority.contains("/")
            let run = rest.prefix { $0 != "/" && !(inHost && $0 == ".") }
            guard !run.isEmpty else { return false }
            rest = rest.dropFirst(run.count)
            pattern = pattern[pattern.index(after: close)...]
        }
        return rest == pattern
    }
}
