import Foundation
import Mustache
import OAuthGenTemplates

/// The templates a generation run uses: the embedded ones, or a directory's overrides.
public struct TemplateSet: Sendable {
    /// The template that renders one provider.
    package static let providerClientName = "ProviderClient"

    let providerClient: MustacheTemplate

    /// The templates compiled into the binary.
    public static func embedded() throws(TemplateError) -> TemplateSet {
        guard let text = EmbeddedTemplates.all[providerClientName] else {
            throw TemplateError(
                location: nil, message: "expected the embedded template \(providerClientName), found none")
        }
        return TemplateSet(providerClient: try parse(text, file: "<embedded>/\(providerClientName).mustache"))
    }

    /// `directory/ProviderClient.mustache` where it exists, else the embedded template.
    package static func load(overridesIn directory: String) throws(TemplateError) -> TemplateSet {
        let path = (directory as NSString).appendingPathComponent("\(providerClientName).mustache")
        guard FileManager.default.fileExists(atPath: path) else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw TemplateError(
                    location: nil, message: "expected a templates directory, found nothing at '\(directory)'")
            }
            return try embedded()
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw TemplateError(
                location: SourceLocation(file: path, line: 1, column: 1),
                message: "expected a readable UTF-8 template, found none")
        }
        return TemplateSet(providerClient: try parse(text, file: path))
    }

    /// Internal for FuzzTemplate, which checks that every refusal is located inside the template.
    static func parse(_ text: String, file: String) throws(TemplateError) -> MustacheTemplate {
        do {
            let template = try MustacheTemplate(string: text)
            if let problem = TemplateKeyCheck.firstProblem(in: text, file: file) { throw problem }
            return template
        } catch let error as TemplateError {
            throw error
        } catch let error as MustacheTemplate.ParserError {
            throw TemplateError(
                location: location(of: error, in: text, file: file),
                message: "expected a valid Mustache template, found \(error.error)")
        } catch {
            throw TemplateError(
                location: SourceLocation(file: file, line: 1, column: 1),
                message: "expected a valid Mustache template, found \(error)")
        }
    }

    /// swift-mustache ends a line at the `Character` "\n", which CRLF is not, and counts columns in
    /// characters: in a template saved with CR or CRLF line ends its column ran from the start of the
    /// file. The same template with LF line ends has the same lines, so the error is located there
    /// again, and its column counted in UTF-8 bytes like every other location.
    private static func location(
        of error: MustacheTemplate.ParserError, in text: String, file: String
    ) -> SourceLocation {
        var context = error.context
        let unified = lfLineEnds(text)
        if unified != text {
            do { _ = try MustacheTemplate(string: unified) } catch let again as MustacheTemplate.ParserError {
                context = again.context
            } catch {}
        }
        let prefix = context.line.prefix(max(context.columnNumber - 1, 0))
        return SourceLocation(
            file: file, line: lfLine(of: context, prefix: prefix, in: unified), column: prefix.utf8.count + 1)
    }

    /// The text with every CR and CRLF made LF, as `LineTable` ends lines. Over bytes:
    /// Foundation's `replacingOccurrences` matches whole composed character sequences and leaves a
    /// CR alone when a combining mark follows it (FuzzTemplate's second finding).
    private static func lfLineEnds(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterCR = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n"), afterCR {
                afterCR = false
                continue
            }
            afterCR = byte == UInt8(ascii: "\r")
            bytes.append(afterCR ? UInt8(ascii: "\n") : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// swift-mustache numbers the line by every `Character.isNewline` before the error (form feed,
    /// NEL, U+2028… as well), while its line text and column run from the last "\n". Counting the
    /// other newline characters as well, exactly one "\n" line gets swift-mustache's number: that
    /// line's index is the line `LineTable` counts. ("\n" is a `Character` of its own: Unicode
    /// breaks graphemes after a control character.)
    private static func lfLine(of context: MustacheParserContext, prefix: Substring, in unified: String) -> Int {
        let onTheLineBefore = prefix.lazy.filter(\.isNewline).count
        var elsewhereBefore = 0
        for (index, line) in unified.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + elsewhereBefore + onTheLineBefore + 1
            if number == context.lineNumber { return index + 1 }
            if number > context.lineNumber { break }
            elsewhereBefore += line.lazy.filter(\.isNewline).count
        }
        return context.lineNumber
    }
}
