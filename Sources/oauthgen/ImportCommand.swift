import ArgumentParser
import Foundation
import OAuthGenCLI
import OAuthGenCore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn Okta.plist, Auth0.plist or GoogleService-Info.plist files into quirk files.",
        discussion: """
            Writes <provider>.quirks.plist for each file (okta, auth0, google), then checks it like \
            `validate` would. With --fetch-discovery it also pins <provider>.openid-configuration.json \
            from the issuer. With --info-plist it checks the app's CFBundleURLTypes: every private-use \
            scheme a provider redirects to must be registered (error), and a registered scheme no \
            provider uses earns a warning. Quirk files already in the output directory count as \
            providers too. What would be written is checked first: nothing is written if any file \
            cannot be imported or fails validation, and an existing file with other contents (a \
            hand-tuned quirk file) is never replaced without --force.

            Example:
              oauthgen import Okta.plist GoogleService-Info.plist --output OAuth \\
                  --info-plist Info.plist
            """
    )

    @Argument(help: ArgumentHelp("The SDK property lists to import.", valueName: "file"))
    var files: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the quirk files.", valueName: "dir"))
    var output: String = "."

    @Option(help: ArgumentHelp("The app's Info.plist, to check its registered URL schemes.", valueName: "file"))
    var infoPlist: String?

    @Flag(help: "Also download and pin each issuer's discovery document.")
    var fetchDiscovery = false

    @Flag(help: "Allow http for an issuer on 127.0.0.1 or [::1] with --fetch-discovery (local servers only).")
    var allowInsecureLoopback = false

    @Flag(help: "Replace quirk files (and pinned documents) that exist with other contents.")
    var force = false

    func run() async throws {
        var diagnostics: [Diagnostic] = []
        var providers: [ImportedProvider] = []
        for file in files {
            guard let bytes = ProviderLoader.readFile(file, diagnostics: &diagnostics) else { continue }
            let (provider, found) = LegacyPlistImporter.importPlist(bytes, file: file)
            diagnostics += found
            guard let provider else { continue }
            if let duplicate = WriteConflictRules.secondImport(of: provider, from: file, after: providers) {
                diagnostics.append(duplicate)
                continue
            }
            providers.append(provider)
        }
        DiagnosticPrinter.printText(diagnostics.sortedByLocation())
        guard !diagnostics.containsErrors else { throw ExitCode.failure }

        var files = providers.map {
            GeneratedFile(name: "\($0.name)\(InputFileKind.quirks.rawValue)", contents: $0.quirkFile)
        }
        for provider in providers {
            if fetchDiscovery, let issuer = provider.issuer {
                let (document, _) = try await DiscoveryDownloader.fetch(
                    issuer: issuer, kind: .openid, expectedIssuer: nil, allowInsecureLoopback: allowInsecureLoopback)
                files.append(
                    GeneratedFile(
                        name: "\(provider.name)\(InputFileKind.openIDConfiguration.rawValue)",
                        contents: PinnedJSONWriter.write(document)))
            }
        }
        // Check what would be written, as `validate` would, with the quirk files already there,
        // before anything is.
        var results = try ValidationBeforeWriting.findings(for: files, in: output, force: force)
        // The files are written if they themselves pass; the app's Info.plist is the app's to fix.
        let blocking = StagedWrite.hasErrors(
            results.filter { $0.rule != .inputMissingDiscovery }, in: files, at: output)
        if let infoPlist {
            var readFindings: [Diagnostic] = []
            if let bytes = ProviderLoader.readFile(infoPlist, diagnostics: &readFindings) {
                let (schemes, found) = URLSchemeCheck.registeredSchemes(infoPlist: bytes, file: infoPlist)
                readFindings += found
                // The new quirk files read from their contents, located where they will be; the others from disk.
                let incoming = files.filter { $0.name.hasSuffix(InputFileKind.quirks.rawValue) }.compactMap { file in
                    QuirkFileLoader.load(
                        Array(file.contents.utf8), file: (output as NSString).appendingPathComponent(file.name)
                    ).0
                }
                let names = Set(files.map(\.name))
                let existing = Generator.validate(paths: [output]).providers.filter {
                    !names.contains(($0.input.quirksPath as NSString?)?.lastPathComponent ?? "")
                }
                let redirects = incoming.flatMap(\.redirectURIs) + existing.flatMap { $0.quirks?.redirectURIs ?? [] }
                readFindings += URLSchemeCheck.check(
                    redirectURIs: redirects, schemes: schemes, infoPlist: (infoPlist as NSString).lastPathComponent)
            }
            results += readFindings
        }
        for provider in providers where provider.issuer != nil && !fetchDiscovery {
            let discoveryPath = (output as NSString).appendingPathComponent(
                "\(provider.name).openid-configuration.json")
            if !FileManager.default.fileExists(atPath: discoveryPath) {
                results.append(
                    Diagnostic(
                        .note, .importIncomplete,
                        "pin the provider's discovery document next: oauthgen fetch \(provider.issuer!) --output \(discoveryPath)",
                        at: SourceLocation(
                            file: (output as NSString).appendingPathComponent("\(provider.name).quirks.plist"), line: 1,
                            column: 1)))
            }
        }
        // A quirk file without its discovery document is expected right after an import.
        results.removeAll { $0.rule == .inputMissingDiscovery }
        DiagnosticPrinter.printText(results.sortedByLocation())
        guard !blocking else { throw ExitCode.failure }
        do {
            _ = try OutputWriter.write(files, to: output)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode.failure
        }
        if results.containsErrors { throw ExitCode.failure }
    }
}
