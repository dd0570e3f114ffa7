/// `generate` from start to end: the templates and `oauthgen.json` read, every input checked, the
/// findings printed (warnings and errors: a build log shows only what needs acting on), and, when
/// none is an error, the files written atomically (unchanged ones left untouched). The one
/// implementation `oauthgen generate` and the plugins' tool both run, so the build and the CLI
/// cannot disagree.
package enum GenerateRun {
    /// What to generate, as the command line names it.
    package struct Request: Sendable, Hashable {
        package var inputs: [String]
        package var output: String
        package var accessLevel: AccessLevel?
        package var configurationPath: String?
        package var templatesDirectory: String?

        package init(
            inputs: [String], output: String, accessLevel: AccessLevel? = nil, configurationPath: String? = nil,
            templatesDirectory: String? = nil
        ) {
            self.inputs = inputs
            self.output = output
            self.accessLevel = accessLevel
            self.configurationPath = configurationPath
            self.templatesDirectory = templatesDirectory
        }
    }

    /// Runs `request`; `false` when anything was an error (it is printed, and nothing is written).
    package static func run(_ request: Request) -> Bool {
        let templateSet: TemplateSet
        do throws(TemplateError) {
            if let directory = request.templatesDirectory {
                templateSet = try TemplateSet.load(overridesIn: directory)
            } else {
                templateSet = try TemplateSet.embedded()
            }
        } catch {
            DiagnosticPrinter.printText([error.diagnostic])
            return false
        }
        guard let configuration = loadConfiguration(request.configurationPath) else { return false }
        let result = Generator(accessLevel: request.accessLevel, templates: templateSet, configuration: configuration)
            .run(paths: request.inputs)
        DiagnosticPrinter.printText(result.diagnostics, minimumSeverity: .warning)
        guard !result.diagnostics.containsErrors else { return false }
        do {
            _ = try OutputWriter.write(result.files, to: request.output)
        } catch {
            StandardError.write(error.description + "\n")
            return false
        }
        return true
    }

    /// The configuration at `path` (an empty one without), its findings printed; `nil` when one
    /// is an error.
    package static func loadConfiguration(_ path: String?) -> GeneratorConfiguration? {
        guard let path else { return GeneratorConfiguration() }
        let (configuration, diagnostics) = GeneratorConfiguration.load(path: path)
        DiagnosticPrinter.printText(diagnostics)
        guard let configuration, !diagnostics.containsErrors else { return nil }
        return configuration
    }
}
