import Foundation
import OAuthGenCore

/// The known providers, read from the entries shipped in this module's `Providers/` folder.
package struct Catalog: Sendable {
    /// The entries, by ID.
    package var entries: [CatalogEntry]

    /// A catalog of the given entries.
    package init(entries: [CatalogEntry]) {
        self.entries = entries.sorted { $0.id < $1.id }
    }

    /// The entry named `id` (case-insensitive); the error's finding says which one was meant.
    package func entry(named id: String) throws(UnknownProvider) -> CatalogEntry {
        if let entry = entries.first(where: { $0.id.caseInsensitiveCompare(id) == .orderedSame }) { return entry }
        let hint =
            Suggestion.closest(to: id, among: entries.map(\.id)).map { "; did you mean \"\($0)\"?" }
            ?? "; `oauthgen init --list` lists them"
        throw UnknownProvider(
            diagnostic: Diagnostic(
                .error, .catalogUnknownProvider, "expected a provider of the catalog, found \"\(id)\"\(hint)", at: nil))
    }

    /// A name that is not in the catalog.
    package struct UnknownProvider: Error, Sendable {
        /// The finding to print, with a did-you-mean where a name is close.
        package var diagnostic: Diagnostic
    }

    /// The catalog shipped with oauthgen.
    ///
    /// Every entry is read and checked each time: a broken entry is a finding, not a crash, and
    /// the bundled files are what a contributor edits.
    package static func bundled() -> (Catalog, [Diagnostic]) {
        guard let folder = Bundle.module.url(forResource: "Providers", withExtension: nil) else {
            return (
                Catalog(entries: []),
                [
                    Diagnostic(
                        .error, .catalogInvalidEntry,
                        "expected the catalog's Providers folder beside oauthgen, found none", at: nil)
                ]
            )
        }
        return load(folder: folder.path)
    }

    /// The catalog in `folder`: each `<id>.plist` with its optional pinned
    /// `<id>.openid-configuration.json` or `<id>.oauth-authorization-server.json`.
    package static func load(folder: String) -> (Catalog, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var entries: [CatalogEntry] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".plist")
        }.sorted()
        for name in names {
            let id = String(name.dropLast(".plist".count))
            let path = (folder as NSString).appendingPathComponent(name)
            guard let bytes = ProviderLoader.readFile(path, diagnostics: &diagnostics) else { continue }
            // The pinned document, of either kind (`init` names the copy after the entry's).
            let pinnedPath = [InputFileKind.openIDConfiguration, .authorizationServerMetadata]
                .map { (folder as NSString).appendingPathComponent(id + $0.rawValue) }
                .first { FileManager.default.fileExists(atPath: $0) }
            let pinned = pinnedPath.flatMap { ProviderLoader.readFile($0, diagnostics: &diagnostics) }
            let (entry, found) = CatalogEntryReader.read(bytes, id: id, file: path, pinnedDiscovery: pinned)
            diagnostics += found
            if let entry { entries.append(entry) }
        }
        return (Catalog(entries: entries), diagnostics)
    }
}
