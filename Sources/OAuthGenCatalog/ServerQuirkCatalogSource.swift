import OAuthGenCore

/// The run-time catalog, `ServerQuirkCatalog.builtIn` in OAuthResources, as Swift source made
/// from the catalog's entries that have a `runtime`: one catalog for build and run time. Each
/// entry's deviations are its quirk template's (read as a quirk file is, in the same vocabulary),
/// its sources the entry's own. `CatalogServerQuirksTests` compares the source with the file.
package enum ServerQuirkCatalogSource {
    /// Where the source goes, from the package's root.
    package static let path = "Sources/OAuthResources/Quirks/ServerQuirkCatalog+BuiltIn.swift"

    /// An entry whose deviations cannot apply at run time.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The source for `catalog`'s run-time entries, in the order of their IDs.
    package static func render(_ catalog: Catalog) throws(Failure) -> String {
        var lines = [
            "// Generated from Sources/OAuthGenCatalog/Providers by CatalogServerQuirksTests; do not edit.",
            "// Change an entry's plist, then run the test with OAUTHGEN_UPDATE_SERVER_QUIRKS=1.",
            "",
            "import Foundation",
            "@_spi(BuildingBlocks) import OAuthRuntime",
            "",
            "extension ServerQuirkCatalog {",
            "    /// The servers oauthgen knows, from the provider catalog's entries, each citing its",
            "    /// sources. A server not named here gets the standards' behaviour: `resource` on every",
            "    /// token request (RFC 8707 §2.2, the MCP authorization spec), the app's redirect URI as",
            "    /// made, registration where it is offered.",
            "    public static let builtIn = ServerQuirkCatalog(entries: [",
        ]
        for entry in catalog.entries {
            guard let runtime = entry.runtime else { continue }
            let deviations = try overlay(of: entry)
            var quirks: [String] = []
            if !deviations.isEmpty {
                quirks.append("provider: ProviderQuirks(\(deviations.map(\.swiftSource).joined(separator: ", ")))")
            }
            if let host = runtime.loopbackHost {
                quirks.append("loopbackHost: .\(host == "localhost" ? "localhost" : "ipv4Literal")")
            }
            if runtime.registrationUnavailable { quirks.append("registrationUnavailable: true") }
            let labels = deviations.map(\.label) + ["runtime"]
            let sources = entry.sources.filter { key, _ in
                labels.contains { key == $0 || key.hasPrefix($0 + ".") }
            }.sorted { $0.key < $1.key }.map(\.value)
            lines += [
                "        ServerQuirkEntry(",
                "            name: \(SwiftNaming.stringLiteral(entry.displayName)),",
                "            issuerPattern: \(SwiftNaming.stringLiteral(runtime.issuerPattern)),",
                "            quirks: ServerQuirks(\(quirks.joined(separator: ", "))),",
                "            sources: [",
            ]
            lines += sources.map { "                \(SwiftNaming.stringLiteral($0))," }
            lines += ["            ]),"]
        }
        lines += ["    ])", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// The entry's quirk template's deviations, as the build reads a quirk file.
    static func overlay(of entry: CatalogEntry) throws(Failure) -> [ConfigurationArgument] {
        let template = (entry.quirks.entries ?? []).map {
            QuirkFileWriter.Entry(key: $0.key, value: $0.value.kind, comment: nil)
        }
        let text = QuirkFileWriter.text(template, header: "run-time overlay of \(entry.id)")
        let (file, diagnostics) = QuirkFileLoader.load(Array(text.utf8), file: entry.location.file)
        guard let file, !diagnostics.containsErrors else {
            throw Failure(
                description: "expected \(entry.id)'s quirk template to read as a quirk file, found \(diagnostics)")
        }
        let arguments = ModelBuilder.quirks(file).arguments
        if let placeholder = arguments.first(where: { $0.swiftSource.contains("${") }) {
            throw Failure(
                description:
                    "expected \(entry.id)'s run-time deviations to hold no placeholder, found \(placeholder.swiftSource): a server met at run time has no value for it"
            )
        }
        return arguments
    }
}
