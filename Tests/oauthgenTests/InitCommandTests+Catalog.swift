import Foundation
import OAuthGenCatalog
import TestSupport
import Testing

// Existing files, and the catalog as a list and as the documentation's table.
extension InitCommandTests {
    @Test func anExistingQuirkFileIsKeptUnlessForced() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("github.quirks.plist")
        try Data("hand-edited".utf8).write(to: file)
        let run = await OAuthGenInProcess.run(["init", "github", "--client-id", "x", "--output", directory.path])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "\(file.path):1:1: error: expected no github.quirks.plist in \(directory.path), found one; pass --force to replace it [input-duplicate]"
            ])
        #expect(try String(contentsOf: file, encoding: .utf8) == "hand-edited")
        #expect(
            await OAuthGenInProcess.run(["init", "github", "--client-id", "x", "--output", directory.path, "--force"])
                .status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("<string>x</string>"))
    }

    @Test func listPrintsALinePerEntry() async throws {
        let run = await OAuthGenInProcess.run(["init", "--list"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == Self.catalog.entries.count)
        #expect(
            lines.contains {
                $0.hasPrefix("github ")
                    && $0.hasSuffix(
                        "GitHub OAuth and GitHub Apps: no discovery, comma scopes, JSON on request, errors with HTTP 200"
                    )
            })
    }

    /// The catalog article's table is made from the catalog; `OAUTHGEN_UPDATE_CATALOG_TABLE=1` rewrites it.
    @Test func theCatalogTableIsTheCatalog() async throws {
        let readmeURL = OAuthGenBinary.packageRoot.appendingPathComponent(
            "Documentation/oauthgen.docc/ProviderCatalog.md")
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        let begin = "<!-- catalog-table:begin (made by InitCommandTests from Sources/OAuthGenCatalog/Providers) -->\n"
        let end = "<!-- catalog-table:end -->"
        let start = try #require(readme.range(of: begin))
        let finish = try #require(readme.range(of: end))
        var table = "| `oauthgen init …` | provider | metadata | native redirects | notable |\n|---|---|---|---|---|\n"
        for entry in Self.catalog.entries {
            let metadata =
                !entry.hasDiscovery
                ? "none (endpoints in the quirk file)"
                : entry.pinnedDiscovery != nil ? "discovery, pinned in the catalog" : "discovery (`--fetch`)"
            let parameters = entry.parameters.map { " --set \($0.name)=…" }.joined()
            let redirects = entry.redirects.map(\.shape.rawValue).joined(separator: ", ")
            table +=
                "| `\(entry.id)\(parameters)` | \(entry.displayName) | \(metadata) | \(redirects) | \(entry.summary.replacingOccurrences(of: "|", with: "\\|"))\(entry.needsSecret ? " (needs a client secret)" : "") |\n"
        }
        let current = String(readme[start.upperBound..<finish.lowerBound])
        if ProcessInfo.processInfo.environment["OAUTHGEN_UPDATE_CATALOG_TABLE"] == "1", current != table {
            try Data(readme.replacingCharacters(in: start.upperBound..<finish.lowerBound, with: table).utf8).write(
                to: readmeURL)
        } else {
            #expect(
                current == table,
                "ProviderCatalog.md's table is out of date: run OAUTHGEN_UPDATE_CATALOG_TABLE=1 swift test --filter theCatalogTableIsTheCatalog"
            )
        }
    }

    /// These providers' documents list no `code_challenge_methods_supported`; the client sends S256 anyway.
    static let documentedWarnings =
        ["apple", "aws-cognito", "linkedin", "microsoft-entra", "slack", "twitch", "yahoo"].map {
            "\($0).openid-configuration.json [discovery-no-s256]"
        }
        // Against a minimal document, which lists no `scopes_supported` (OpenID Connect Discovery
        // 1.0 §3: RECOMMENDED only): Microsoft's default scopes beyond those its quirk files declare.
        + ["microsoft-consumers", "microsoft-entra-tenant"].flatMap {
            Array(repeating: "\($0).quirks.plist [quirk-unknown-scope]", count: 3)
        }
}

extension InitCommandTests {
    /// The least a provider's metadata may hold for the code flow, at the issuer `init` wrote for
    /// `entry` (its parameters set as `arguments(for:output:)` sets them): RFC 8414 §2's required
    /// members, and for OpenID Connect Discovery 1.0 §3's; S256, which every such entry's
    /// documentation requires. Nothing the provider's live document might add.
    static func minimalDocument(for entry: CatalogEntry) throws -> Data {
        var issuer = entry.documentIssuer ?? entry.issuer ?? entry.authorizationServer ?? ""
        for parameter in entry.parameters {
            issuer = issuer.replacingOccurrences(of: "${\(parameter.name)}", with: parameter.example)
        }
        let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        var document: [String: Any] = [
            "issuer": issuer, "authorization_endpoint": base + "/authorize", "token_endpoint": base + "/token",
            "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
        ]
        if entry.authorizationServer == nil {
            document["jwks_uri"] = base + "/jwks"
            document["subject_types_supported"] = ["public"]
            document["id_token_signing_alg_values_supported"] = ["RS256"]
        }
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted])
    }
}
