import Foundation
import Mustache
import OAuthGenTemplates

/// The templates a generation run uses: the embedded ones, or a directory's overrides.
public struct TemplateSet: Sendable {
    /// The template that renders one provider.
    public static let providerClientName = "ProviderClient"

    let providerClient: MustacheTemplate

    /// The templates compiled into the binary.
    public static func embedded() throws(TemplateError) -> TemplateSet {
        guard let text = EmbeddedTemplates.all[providerClientName] else {
            throw TemplateError(location: nil, message: "expected the embedded template \(providerClientName), found none")
        }
        return TemplateSet(providerClient: try parse(text, file: "<embedded>/\(providerClientName).mustache"))
    }

    /// `directory/ProviderClient.mustache` where it exists, else the embedded template.
    public static func load(overridesIn directory: String) throws(TemplateError) -> TemplateSet {
        let path = (directory as NSString).appendingPathComponent("\(providerClientName).mustache")
        guard FileManager.default.fileExists(atPath: path) else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw TemplateError(location: nil, message: "expected a templates directory, found nothing at '\(directory)'")
            }
            return try embedded()
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw TemplateError(location: SourceLocation(file: path, line: 1, column: 1), message: "expected a readable UTF-8 template, found none")
        }
        return TemplateSet(providerClient: try parse(text, file: path))
    }

    private static func parse(_ text: String, file: String) throws(TemplateError) -> MustacheTemplate {
        do {
            let template = try MustacheTemplate(string: text)
            if let problem = TemplateKeyCheck.firstProblem(in: text, file: file) { throw problem }
            return template
        } catch let error as TemplateError {
            throw error
        } catch let error as MustacheTemplate.ParserError {
            throw TemplateError(
                location: SourceLocation(file: file, line: error.context.lineNumber, column: error.context.columnNumber),
                message: "expected a valid Mustache template, found \(error.error)")
        } catch {
            throw TemplateError(location: SourceLocation(file: file, line: 1, column: 1), message: "expected a valid Mustache template, found \(error)")
        }
    }
}

/// A template that could not be loaded, parsed, or checked against ``TemplateContext``.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// Where in the template, when the problem has a place.
    public var location: SourceLocation?
    /// What was expected and what was found.
    public var message: String

    /// The error as a `template-invalid` finding.
    public var diagnostic: Diagnostic { Diagnostic(.error, .templateInvalid, message, at: location) }
    /// The finding as `path:line:column: error: …`.
    public var description: String { diagnostic.description }
}
