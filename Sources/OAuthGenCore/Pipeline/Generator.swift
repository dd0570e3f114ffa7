/// The whole pipeline: scan → load → validate → model → render. Writing is the caller's last
/// step, so nothing is written unless every stage succeeded.
public struct Generator: Sendable {
    public var accessLevel: AccessLevel
    public var templates: TemplateSet

    public init(accessLevel: AccessLevel = .public, templates: TemplateSet) {
        self.accessLevel = accessLevel
        self.templates = templates
    }

    /// The outcome of a run over some inputs.
    public struct Result: Sendable {
        /// Every finding, sorted by location.
        public var diagnostics: [Diagnostic]
        /// The rendered files; empty when any finding is an error.
        public var files: [GeneratedFile]
        /// The loaded providers, for callers that report on them.
        public var providers: [LoadedProvider]
    }

    /// Loads and validates without rendering.
    public static func validate(paths: [String]) -> (providers: [LoadedProvider], diagnostics: [Diagnostic]) {
        let (inputs, scanFindings) = InputScanner.scan(paths)
        var diagnostics = scanFindings
        var providers: [LoadedProvider] = []
        for input in inputs {
            let (provider, found) = ProviderLoader.load(input)
            diagnostics += found
            providers.append(provider)
        }
        diagnostics += Validator.validate(providers)
        return (providers, diagnostics)
    }

    public func run(paths: [String]) -> Result {
        let (providers, found) = Self.validate(paths: paths)
        var diagnostics = found
        guard !diagnostics.containsErrors else {
            return Result(diagnostics: diagnostics.sortedByLocation(), files: [], providers: providers)
        }
        var files: [GeneratedFile] = []
        var typeNames: [String: String] = [:]
        let renderer = Renderer(templates: templates)
        for provider in providers {
            let (model, found) = ModelBuilder.build(provider, accessLevel: accessLevel)
            diagnostics += found
            guard let model else { continue }
            if let other = typeNames[model.typeName] {
                diagnostics.append(Diagnostic(.error, .inputDuplicate,
                    "expected a type name of its own for provider '\(provider.name)', found '\(model.typeName)' also used by provider '\(other)'",
                    at: provider.quirks?.name?.location ?? provider.quirks?.location ?? provider.discovery?.location))
                continue
            }
            typeNames[model.typeName] = provider.name
            files.append(GeneratedFile(name: model.outputFileName, contents: renderer.render(model)))
        }
        if diagnostics.containsErrors { files = [] }
        return Result(diagnostics: diagnostics.sortedByLocation(), files: files, providers: providers)
    }
}
