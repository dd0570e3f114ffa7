import OAuthGenCore

/// What a fetch found, with its findings, as the generator's stages report theirs: values with a
/// rule and a location (the URL stands in for the file), for the caller to print as it prints
/// the build's. `value` is `nil` exactly when a finding is an error; nothing is printed here and
/// nothing ends the process.
package struct FetchReport<Value> {
    /// What was found; `nil` when a finding is an error.
    package var value: Value?
    /// Every finding, warnings included, in the order they were made.
    package var diagnostics: [Diagnostic]

    package init(value: Value?, diagnostics: [Diagnostic]) {
        self.value = diagnostics.containsErrors ? nil : value
        self.diagnostics = diagnostics
    }
}
