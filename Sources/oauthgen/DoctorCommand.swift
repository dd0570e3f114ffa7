import ArgumentParser
import Foundation
import OAuthGenCatalog
import OAuthGenCLI
import OAuthGenCore

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Explain each provider: which quirks apply and why, its redirects, what Info.plist must register.",
        discussion: """
            For each provider of the inputs: every deviation its quirk file sets, with the line that \
            sets it and the catalog's source for it; what the catalog knows that the file does not \
            set; each redirect URI's kind (RFC 8252 §7) and whether the provider takes it for native \
            apps; the private-use schemes the app's Info.plist must register (checked with \
            --info-plist, or the infoPlist oauthgen.json names); and the validator's findings, \
            among them the app's Info.plist and entitlements against the redirect URIs and Keychain \
            groups when oauthgen.json names them. The page to read when a sign-in fails. \
            Exits 1 if a finding is an error.

            Example:
              oauthgen doctor Sources/MyApp --info-plist MyApp/Info.plist
            """
    )

    @Argument(help: ArgumentHelp("Provider files, or directories to search for them.", valueName: "input"))
    var inputs: [String]

    @Option(help: ArgumentHelp("An oauthgen.json with the platforms and providers to include.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The app's Info.plist, to check its registered URL schemes.", valueName: "file"))
    var infoPlist: String?

    func run() throws {
        let configuration = try ConfigurationOption.load(config)
        let (providers, findings) = Generator.validate(paths: inputs, configuration: configuration)
        let (catalog, problems) = Catalog.bundled()
        DiagnosticPrinter.printText(problems)
        var registered: Set<String>?
        var extra: [Diagnostic] = []
        // --info-plist, else the one oauthgen.json names (whose findings are among the validator's).
        if let infoPlist = infoPlist ?? configuration.infoPlist.map({ configuration.resolve($0.value) }) {
            var readFindings: [Diagnostic] = []
            if let bytes = ProviderLoader.readFile(infoPlist, diagnostics: &readFindings) {
                let (schemes, found) = URLSchemeCheck.registeredSchemes(infoPlist: bytes, file: infoPlist)
                readFindings += found
                registered = Set(schemes.map { $0.value.lowercased() })
            }
            if self.infoPlist != nil { extra += readFindings }
        }
        DiagnosticPrinter.printText(extra)
        if !configuration.platforms.isEmpty {
            CommandOutput.standardOutput(
                "platforms: \(configuration.platforms.map(\.value.rawValue).joined(separator: ", ")) (their advice is among each provider's findings)\n\n"
            )
        }
        let diagnoses = Doctor.diagnose(
            providers, findings: findings.sortedByLocation(), catalog: catalog, registeredSchemes: registered)
        CommandOutput.standardOutput(diagnoses.map(\.text).joined(separator: "\n"))
        // What no provider's section shows: the app's Info.plist, entitlements and oauthgen.json.
        let providerFiles = Set(providers.flatMap(\.input.paths))
        let appFindings = findings.sortedByLocation().filter { finding in
            finding.location.map { !providerFiles.contains($0.file) } ?? true
        }
        if !appFindings.isEmpty {
            CommandOutput.standardOutput("\nThe app's files (oauthgen.json, Info.plist, entitlements)\n")
            CommandOutput.standardOutput(appFindings.map { "    \($0.description)" }.joined(separator: "\n") + "\n")
        }
        if findings.containsErrors || extra.containsErrors { throw ExitCode.failure }
    }
}
