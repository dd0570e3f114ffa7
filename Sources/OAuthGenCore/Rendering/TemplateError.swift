import Foundation
import Mustache
import OAuthGenTemplates

/// A template that could not be loaded, parsed, or checked against the template context.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// Where in the template, when the problem has a place.
    package var location: SourceLocation?
    /// What was expected and what was found.
    package var message: String

    /// The error as a `template-invalid` finding.
    package var diagnostic: Diagnostic { Diagnostic(.error, .templateInvalid, message, at: location) }
    /// The finding as `path:line:column: error: …`.
    public var description: String { diagnostic.description }
}
