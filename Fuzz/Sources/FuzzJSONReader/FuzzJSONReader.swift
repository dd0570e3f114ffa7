import FuzzSupport
@testable import OAuthGenCore

/// The located JSON reader on any bytes: a value or a located error, never neither, and every
/// location inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let result = JSONReader.read(input.bytes, file: "fuzz.json")
    require(result.value != nil || result.diagnostics.containsErrors, "no value and no error")
    let lines = input.bytes.filter { $0 == 10 || $0 == 13 }.count + 1
    for diagnostic in result.diagnostics {
        guard let location = diagnostic.location else { require(false, "unlocated: \(diagnostic)"); continue }
        require(location.line >= 1 && location.line <= lines && location.column >= 1, "location outside the input: \(diagnostic)")
    }
    return 0
}
