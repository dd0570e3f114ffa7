import OAuthPolicy

/// One check for the values a provider lists, or a quirk file declares, for the space-separated
/// parameters that get typed constants (`acr_values`, `prompt`): a value the runtime would refuse
/// to send (``SpaceSeparatedValue``) gets no constant, so the app cannot pick it. A warning either
/// way: the app can still name another value, and a provider's document is not the app's to fix.
enum SpaceSeparatedValueRule {
    static func check(_ values: [Located<String>], listedIn list: String, rule: RuleID) -> [Diagnostic] {
        values.compactMap { value in
            SpaceSeparatedValue.problem(in: value.value).map { problem in
                Diagnostic(
                    .warning, rule,
                    "expected each value of \(list) to be \(SpaceSeparatedValue.expectation), found \(problem); the client could not send it, so no constant is generated for it",
                    at: value.location)
            }
        }
    }
}
