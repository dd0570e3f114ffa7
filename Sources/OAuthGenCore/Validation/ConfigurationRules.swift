/// `oauthgen.json` against the inputs it selects from.
enum ConfigurationRules {
    /// Every provider `providers` names exists among the inputs.
    static func checkProviders(_ configuration: GeneratorConfiguration, among inputs: [ProviderInput]) -> [Diagnostic] {
        guard let selected = configuration.providers else { return [] }
        let names = Set(inputs.map(\.name))
        return selected.filter { !names.contains($0.value) }.map { name in
            var message = "expected a provider named \"\(name.value)\" among the inputs, found none"
            if let suggestion = Suggestion.closest(to: name.value, among: Array(names)) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            return Diagnostic(.error, .configUnknownProvider, message, at: name.location)
        }
    }
}
