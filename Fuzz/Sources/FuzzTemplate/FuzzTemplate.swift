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
    let line = problem.location?.line ?? 0, column = problem.location?.column ?? 0
    require(line >= 1 && line <= lines.count, "refusal outside the template's \(lines.count) lines: \(problem)")
    require(column >= 1 && column <= lines[line - 1] + 1, "refusal outside line \(line): \(problem)")
}

/// The byte length of each line, with lines ending at LF, CR or CRLF as editors end them. Counted
/// here on its own, not with the code under test: the first finding of this target was the
/// harness counting Swift `Character`s, in which CRLF is one character and not "\n".
func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths = [0]
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case 0x0D:
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            lengths.append(0)
        case 0x0A:
            lengths.append(0)
        default:
            lengths[lengths.count - 1] += 1
        }
        index += 1
    }
    return lengths
}
