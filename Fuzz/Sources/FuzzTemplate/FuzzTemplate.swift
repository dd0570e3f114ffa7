import FuzzSupport
import Mustache
@testable import OAuthGenCore

/// A `--templates` override: the tag scanner that checks every key against the context, then
/// Mustache, as `TemplateSet` loads it. No crash; a refusal, the scanner's or Mustache's own, is
/// located on a line of the template and inside that line; a template both accept renders the
/// context without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = FuzzInput(start, count).text
    let lines = lineLengths(Array(text.utf8))
    // The scanner on its own too: `TemplateSet` runs it only on what Mustache parsed.
    if let problem = TemplateKeyCheck.firstProblem(in: text, file: "ProviderClient.mustache") {
        requireInside(problem, lines)
    }
    do {
        let template = try TemplateSet.parse(text, file: "ProviderClient.mustache")
        _ = template.render(TemplateContext.exemplar.dictionary)
    } catch {
        requireInside(error, lines)
    }
    return 0
}

func requireInside(_ problem: TemplateError, _ lines: [Int]) {
    requireInside(line: problem.location?.line, column: problem.location?.column, of: lines, "refusal \(problem)")
}
