/// What a template sees when it renders one provider: the model's own value types, each naming
/// the keys a template may use and reading them from its plain values. The keys are the only
/// place a value from an input file turns into Swift source (an escaped literal, comment-safe
/// text), so a template decides layout and Swift spelling, never escaping.
///
/// The shape is part of oauthgen's API for `--templates` overrides and is versioned: a template
/// states the version it was written for in a comment, `{{! oauthgen-template-context 3 }}`,
/// and a template that names a key this version does not have is refused with the key's line
/// and column (Mustache itself would render a misspelt key as empty text). `Templates/README.md`
/// documents every key.
package enum TemplateContext {
    /// The version of the shape; bumped whenever a key is renamed or removed.
    package static let version = 3

    /// The type a template renders: its keys are the template's top level.
    package typealias Root = ProviderModel
}
