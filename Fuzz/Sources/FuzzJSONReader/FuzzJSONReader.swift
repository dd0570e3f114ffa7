import FuzzSupport
@testable import OAuthGenCore

/// The located JSON reader on any bytes: a value or a located error, never neither, and every
/// location inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let result = JSONReader.read(input.bytes, file: "fuzz.json")
    require(result.value != nil || result.diagnostics.containsErrors, "no value and no error")
    let lines = lineLengths(input.bytes)
    for diagnostic in result.diagnostics {
        requireInside(line: diagnostic.location?.line, column: diagnostic.location?.column, of: lines, "\(diagnostic)")
    }
    return 0
}
