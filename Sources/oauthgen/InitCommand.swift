import ArgumentParser
import Foundation
import OAuthGenCatalog
import OAuthGenCLI
import OAuthGenCore
import OAuthGenFetch

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a provider's quirk file from oauthgen's catalog of known providers.",
        discussion: """
            Writes <provider>.quirks.plist with the provider's known deviations (each with a comment \
            saying where it was learned), the app's client ID and a redirect URI of a kind the \
            provider allows native apps: given with --redirect-uri, or derived the way the provider \
            wants it (Google's reversed client ID, a private-use scheme from --bundle-id, a loopback \
            URI). Providers with a pinned discovery document in the catalog get it too; --fetch pins \
            the live one instead. Then checks what it wrote, as `validate` would.

            An existing quirk file is never replaced without --force. Nothing is written if \
            anything is missing.

            Examples:
              oauthgen init --list
              oauthgen init github --client-id Iv1.8a61f9b3a7aba766 --output OAuth
              oauthgen init google --client-id 1234-abc.apps.googleusercontent.com \\
                  --output OAuth
              oauthgen init okta --client-id 0oa1 --set domain=dev-123456.okta.com \\
                  --bundle-id com.example.app --fetch

            With --resource, no catalog: the provider is whatever authorization server a protected \
            resource (an API, an MCP server) names in its metadata (RFC 9728). init asks the resource, \
            follows its 401 to that metadata, then to the server's (RFC 8414, else OpenID Connect), \
            checks both as the runtime would, and pins them beside a quirk file naming the resource; \
            the generated client sends it with every request (RFC 8707). The name defaults to the \
            resource's host; a client ID is optional (the app can register at run time). A client \
            ID that is an https URL gets <name>.client-metadata.json, the Client ID Metadata Document \
            to host at that URL, which every build then checks against the quirk file.

              oauthgen init --resource https://mcp.example.com/mcp --bundle-id com.example.app \\
                  --output OAuth
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The provider's name in the catalog (see --list); with --resource, the name to give it.",
            valueName: "provider"))
    var provider: String?

    @Option(
        help: ArgumentHelp(
            "A protected resource's URL: pin its metadata and its authorization server's instead of a catalog entry.",
            valueName: "url"))
    var resource: String?

    @Flag(help: "List the catalog, one provider per line.")
    var list = false

    @Option(help: ArgumentHelp("The client ID the provider issued for the app.", valueName: "id"))
    var clientID: String?

    @Option(help: ArgumentHelp("A redirect URI to register instead of a derived one (repeatable).", valueName: "uri"))
    var redirectURI: [String] = []

    @Option(
        help: ArgumentHelp("The app's bundle ID, for a private-use redirect scheme (RFC 8252 §7.1).", valueName: "id"))
    var bundleID: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "A value the provider's entry needs, such as domain=dev-1.okta.com (repeatable).", valueName: "name=value"))
    var values: [String] = []

    @Option(
        help: ArgumentHelp(
            """
            The Keychain access group a family of the vendor's apps shares one sign-in through \
            (OpenID Connect Native SSO), for a provider the catalog knows to support it.
            """, valueName: "group"))
    var familyAccessGroup: String?

    @Option(help: ArgumentHelp("Another app of the family, by its client ID (repeatable).", valueName: "id"))
    var familyClientID: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the files.", valueName: "dir"))
    var output: String = "."

    @Flag(help: "Download and pin the provider's discovery document (or RFC 8414 metadata).")
    var fetch = false

    @Flag(help: "Allow http for an issuer on 127.0.0.1 or [::1] with --fetch (local servers only).")
    var allowInsecureLoopback = false

    @Option(help: ArgumentHelp("Seconds each request may take, the answer's last byte included.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(help: "Replace a quirk file that is already there.")
    var force = false

    func validate() throws {
        if list, provider != nil || resource != nil { throw ValidationError("--list takes no provider") }
        if !list, provider == nil, resource == nil {
            throw ValidationError("name a provider, or pass --list to see them (or --resource URL)")
        }
        if resource != nil, !values.isEmpty || fetch {
            throw ValidationError("--resource takes neither --set nor --fetch: it fetches what the resource names")
        }
        if familyAccessGroup == nil, !familyClientID.isEmpty {
            throw ValidationError("--family-client-id names a family's app: it takes --family-access-group")
        }
        for value in values where !value.contains("=") {
            throw ValidationError("expected --set NAME=VALUE, found \"\(value)\"")
        }
    }

    func run() async throws {
        try await DiscoveryDownloader.$timeout.withValue(timeout) { try await initialize() }
    }

    private func initialize() async throws {
        if let resource { return try await initialize(resource: resource) }
        let (catalog, problems) = Catalog.bundled()
        DiagnosticPrinter.printText(problems)
        guard !problems.containsErrors else { throw ExitCode.failure }
        if list {
            let width = catalog.entries.map(\.id.count).max() ?? 0
            for entry in catalog.entries {
                CommandOutput.standardOutput(
                    entry.id.padding(toLength: width + 2, withPad: " ", startingAt: 0) + entry.summary + "\n")
            }
            return
        }
        let entry: CatalogEntry
        do {
            entry = try catalog.entry(named: provider ?? "")
        } catch {
            DiagnosticPrinter.printText([error.diagnostic])
            throw ExitCode.failure
        }
        let quirkName = entry.id + InputFileKind.quirks.rawValue
        let quirkPath = (output as NSString).appendingPathComponent(quirkName)
        if let existing = WriteConflictRules.existingFile(
            named: quirkName, at: quirkPath, in: output,
            exists: FileManager.default.fileExists(atPath: quirkPath), force: force)
        {
            DiagnosticPrinter.printText([existing])
            throw ExitCode.failure
        }
        // The pinned document too (checked below, once its contents are known): a team may have
        // pinned a newer one by hand.
        var parameters: [String: String] = [:]
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            parameters[String(parts[0])] = String(parts[1])
        }
        let (made, findings) = CatalogInitializer.quirkFile(
            for: entry,
            values: .init(
                clientID: clientID, redirectURIs: redirectURI, bundleID: bundleID, parameters: parameters,
                family: familyAccessGroup.map { .init(keychainAccessGroup: $0, clientIDs: familyClientID) }))
        DiagnosticPrinter.printText(findings)
        guard let made else { throw ExitCode.failure }

        var files = [GeneratedFile(name: quirkName, contents: made.quirkFile)]
        let metadataName =
            entry.id
            + (entry.authorizationServer != nil ? InputFileKind.authorizationServerMetadata : .openIDConfiguration)
            .rawValue
        if fetch, let issuer = made.metadataIssuer {
            let kind: DiscoveryDocumentFetch.Kind = entry.authorizationServer != nil ? .oauth : .openid
            let (document, _) = try await DiscoveryDownloader.fetch(
                issuer: issuer, kind: kind, expectedIssuer: made.documentIssuer,
                allowInsecureLoopback: allowInsecureLoopback)
            files.append(GeneratedFile(name: metadataName, contents: PinnedJSONWriter.write(document)))
        } else if let pinned = entry.pinnedDiscovery {
            files.append(GeneratedFile(name: metadataName, contents: String(decoding: pinned, as: UTF8.self)))
        }
        var advice: [Diagnostic] = []
        if fetch, made.metadataIssuer == nil {
            advice.append(
                Diagnostic(
                    .note, .catalogAdvice,
                    "\(entry.displayName) publishes no metadata: --fetch has nothing to pin, the quirk file lists the endpoints",
                    at: SourceLocation(file: quirkPath, line: 1, column: 1)))
        }

        // Check what would be written, with the providers already there (the mix-up rules look
        // across them), before anything is: a file that fails is never left behind.
        var results = try ValidationBeforeWriting.findings(for: files, in: output, force: force)
        if let issuer = made.metadataIssuer, !fetch, entry.pinnedDiscovery == nil {
            results.removeAll { $0.rule == .inputMissingDiscovery && $0.location?.file == quirkPath }
            let kind = entry.authorizationServer != nil ? " --kind oauth" : ""
            let expected = made.documentIssuer.map { " --expected-issuer '\($0)'" } ?? ""
            advice.append(
                Diagnostic(
                    .note, .catalogAdvice,
                    "pin the provider's metadata next: oauthgen fetch \(issuer)\(kind)\(expected) --output \((output as NSString).appendingPathComponent(metadataName)) (or run init with --fetch)",
                    at: SourceLocation(file: quirkPath, line: 1, column: 1)))
        }
        try ValidationBeforeWriting.write(files, to: output, results: results + advice, joiner: " and ")
    }
}
