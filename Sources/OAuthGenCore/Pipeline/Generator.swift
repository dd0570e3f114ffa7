/// The whole pipeline: scan → load → validate (every rule, `Validation/`) → model → render. Writing is the caller's last
/// step, so nothing is written unless every stage succeeded.
public struct Generator: Sendable {
    /// Overrides the configuration's access level; `internal` when neither says.
    package var accessLevel: AccessLevel?
    package var templates: TemplateSet
    package var configuration: GeneratorConfiguration

    /// A generator rendering with `templates`; `accessLevel` overrides the configuration's.
    public init(
        accessLevel: AccessLevel? = nil, templates: TemplateSet,
        configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) {
        self.accessLevel = accessLevel
        self.templates = templates
        self.configuration = configuration
    }

    /// The outcome of a run over some inputs.
    public struct Result: Sendable {
        /// Every finding, sorted by location.
        public var diagnostics: [Diagnostic]
        /// The rendered files; empty when any finding is an error.
        public var files: [GeneratedFile]
        /// The loaded providers, for callers that report on them.
        package var providers: [LoadedProvider]
    }

    /// Loads and validates without rendering.
    public static func validate(
        paths: [String], configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) -> (providers: [LoadedProvider], diagnostics: [Diagnostic]) {
        let (found, scanFindings) = InputScanner.scan(paths)
        var diagnostics = scanFindings
        diagnostics += ConfigurationRules.checkProviders(configuration, among: found)
        let inputs =
            configuration.providers.map { selected in
                found.filter { input in selected.contains { $0.value == input.name } }
            } ?? found
        var providers: [LoadedProvider] = []
        for input in inputs {
            let (provider, found) = ProviderLoader.load(input)
            diagnostics += found
            providers.append(provider)
        }
        diagnostics += Validator.validate(providers, platforms: configuration.platformSet)
        diagnostics += AppFileRules.check(providers, configuration: configuration)
        return (providers, diagnostics)
    }

    /// Validates the providers under `paths` and renders one file for each, or none when any
    /// finding is an error.
    public func run(paths: [String]) -> Result {
        let (providers, found) = Self.validate(paths: paths, configuration: configuration)
        // Internal unless configured: a generated client is usually used by the target it is generated in,
        // and a public one would become part of that module's API by accident.
        let accessLevel = self.accessLevel ?? configuration.accessLevel?.value ?? .internal
        let diagnostics = found.sortedByLocation()
        guard !diagnostics.containsErrors else {
            return Result(diagnostics: diagnostics, files: [], providers: providers)
        }
        let renderer = Renderer(templates: templates)
        let files = providers.compactMap { provider in
            ModelBuilder.build(provider, accessLevel: accessLevel).map {
                GeneratedFile(name: $0.outputFileName, contents: renderer.render($0))
            }
        }
        return Result(diagnostics: diagnostics, files: files, providers: providers)
    }
}
