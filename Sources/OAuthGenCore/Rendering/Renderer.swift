/// Renders provider models to Swift source with a template set. The model is the template's
/// context (`ProviderModel+Template.swift`), so the template decides every piece of layout and
/// Swift spelling, the configuration block included.
package struct Renderer: Sendable {
    let templates: TemplateSet

    package init(templates: TemplateSet) {
        self.templates = templates
    }

    package func render(_ model: ProviderModel) -> String {
        templates.providerClient.render(model)
    }
}
