import Foundation

/// The run-time quirks of authorization servers a resource session may land on, keyed by issuer
/// or issuer pattern: what the build-time catalog's quirk files are to pinned providers, made
/// from the same catalog entries (``builtIn``). A
/// session applies the entry that names the server its resource led to
/// (`ProtectedResourceSession.appliedServerQuirks`), and nothing for any other server.
public struct ServerQuirkCatalog: Sendable, Hashable {
    /// The entries, first match wins.
    public var entries: [ServerQuirkEntry]

    /// A catalog of `entries`; an app adds its own servers' entries to ``builtIn``'s.
    public init(entries: [ServerQuirkEntry]) {
        self.entries = entries
    }

    /// The entry naming `issuer`, if any.
    public func entry(forIssuer issuer: String) -> ServerQuirkEntry? {
        entries.first { $0.matches(issuer: issuer) }
    }
}
