import FuzzSupport
@testable import OAuthGenCore

/// The plist reader with the project's libxml2 options: no crash, no entity ever expanded (a
/// value never holds text that only an entity could have produced), every error located on a
/// line of the file and inside that line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let result = PlistReader.read(input.bytes, file: "fuzz.plist")
    require(result.value != nil || result.diagnostics.containsErrors, "no value and no error")
    let lines = lineLengths(input.bytes)
    for diagnostic in result.diagnostics {
        requireInside(line: diagnostic.location?.line, column: diagnostic.location?.column, of: lines, "\(diagnostic)")
    }
    if result.value != nil {
        // Entities are refused outright, so a document that declares one never yields a value.
        require(!input.text.contains("<!ENTITY"), "a document declaring an entity was accepted")
    }
    return 0
}
