import FuzzSupport
import Mustache
@testable import OAuthGenCore

/// A `--templates` override: the tag scanner that checks every key against the context, then
/// Mustache. No crash; a refusal is located inside the template; a template the check accepts
/// renders the context without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = FuzzInput(start, count).text
    if let problem = TemplateKeyCheck.firstProblem(in: text, file: "ProviderClient.mustache") {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        require((problem.location?.line ?? 0) >= 1 && (problem.location?.line ?? 0) <= max(lines, 1), "refusal outside the template: \(problem)")
        return 0
    }
    guard let template = try? MustacheTemplate(string: text) else { return 0 }
    _ = template.render(TemplateContext.exemplar.dictionary)
    return 0
}
