import ArgumentParser
import Foundation
import OAuthGenCLI
import OAuthGenCore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn Okta.plist, Auth0.plist or GoogleService-Info.plist files into quirk files.",
        discussion: """
            Writes <provider>.quirks.plist for each file (okta, auth0, google), then checks it like
            `validate` would. With --fetch-discovery it also pins <provider>.openid-configuration.json
            from the issuer. With --info-plist it checks the app's CFBundleURLTypes: every private-use
            scheme a provider redirects to must be registered (error), and a registered scheme no
            provider uses earns a warning. Quirk files already in the output directory count as
            providers too. Nothing is written if any file cannot be imported.

            Example:
              oauthgen import Okta.plist GoogleService-Info.plist --output OAuth --info-plist Info.plist
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

    func run() async throws {
        var diagnostics: [Diagnostic] = []
        var providers: [ImportedProvider] = []
        for file in files {
            guard let bytes = ProviderLoader.readFile(file, diagnostics: &diagnostics) else { continue }
            let (provider, found) = LegacyPlistImporter.importPlist(bytes, file: file)
            diagnostics += found
            guard let provider else { continue }
            if providers.contains(where: { $0.name == provider.name }) {
                diagnostics.append(Diagnostic(.error, .inputDuplicate,
                    "expected one \(provider.format.rawValue) per import, found a second one for '\(provider.name)'", at: SourceLocation(file: file, line: 1, column: 1)))
                continue
            }
            providers.append(provider)
        }
        DiagnosticPrinter.printText(diagnostics.sortedByLocation())
        guard !diagnostics.containsErrors else { throw ExitCode.failure }

        do {
            _ = try OutputWriter.write(providers.map { GeneratedFile(name: "\($0.name).quirks.plist", contents: $0.quirkFile) }, to: output)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode.failure
        }

        for provider in providers {
            let discoveryPath = (output as NSString).appendingPathComponent("\(provider.name).openid-configuration.json")
            if fetchDiscovery, let issuer = provider.issuer {
                let (document, _) = try await DiscoveryDownloader.fetch(issuer: issuer, kind: .openid, expectedIssuer: nil, allowInsecureLoopback: allowInsecureLoopback)
                try DiscoveryDownloader.pin(document, to: discoveryPath)
            }
        }

        // Check what was written, as `validate` would, together with the quirk files already there.
        let (checked, findings) = Generator.validate(paths: [output])
        var results = findings
        if let infoPlist {
            var readFindings: [Diagnostic] = []
            if let bytes = ProviderLoader.readFile(infoPlist, diagnostics: &readFindings) {
                let (schemes, found) = URLSchemeCheck.registeredSchemes(infoPlist: bytes, file: infoPlist)
                readFindings += found
                let redirects = checked.flatMap { $0.quirks?.redirectURIs ?? [] }
                readFindings += URLSchemeCheck.check(redirectURIs: redirects, schemes: schemes, infoPlist: (infoPlist as NSString).lastPathComponent)
            }
            results += readFindings
        }
        for provider in providers where provider.issuer != nil && !fetchDiscovery {
            let discoveryPath = (output as NSString).appendingPathComponent("\(provider.name).openid-configuration.json")
            if !FileManager.default.fileExists(atPath: discoveryPath) {
                results.append(Diagnostic(.note, .importIncomplete,
                    "pin the provider's discovery document next: oauthgen fetch \(provider.issuer!) --output \(discoveryPath)",
                    at: SourceLocation(file: (output as NSString).appendingPathComponent("\(provider.name).quirks.plist"), line: 1, column: 1)))
            }
        }
        // A quirk file without its discovery document is expected right after an import.
        results.removeAll { $0.rule == .inputMissingDiscovery }
        DiagnosticPrinter.printText(results.sortedByLocation())
        if results.containsErrors { throw ExitCode.failure }
    }
}
