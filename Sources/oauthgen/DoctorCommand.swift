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
            For each provider of the inputs: every deviation its quirk file sets, with the line that
            sets it and the catalog's source for it; what the catalog knows that the file does not
            set; each redirect URI's kind (RFC 8252 §7) and whether the provider takes it for native
            apps; the private-use schemes the app's Info.plist must register (checked with
            --info-plist); and the validator's findings. The page to read when a sign-in fails.
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
        if let infoPlist {
            if let bytes = ProviderLoader.readFile(infoPlist, diagnostics: &extra) {
                let (schemes, found) = URLSchemeCheck.registeredSchemes(infoPlist: bytes, file: infoPlist)
                extra += found
                registered = Set(schemes.map { $0.value.lowercased() })
            }
        }
        DiagnosticPrinter.printText(extra)
        if !configuration.platforms.isEmpty {
            print("platforms: \(configuration.platforms.map(\.value.rawValue).joined(separator: ", ")) (their advice is among each provider's findings)\n")
        }
        let diagnoses = Doctor.diagnose(providers, findings: findings.sortedByLocation(), catalog: catalog, registeredSchemes: registered)
        print(diagnoses.map(\.text).joined(separator: "\n"), terminator: "")
        if findings.containsErrors || extra.containsErrors { throw ExitCode.failure }
    }
}
