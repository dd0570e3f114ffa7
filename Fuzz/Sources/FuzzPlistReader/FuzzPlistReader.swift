import FuzzSupport
@testable import OAuthGenCore

/// The plist reader with the project's libxml2 options: no crash, no entity ever expanded (a
/// value never holds text that only an entity could have produced), every error located.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let result = PlistReader.read(input.bytes, file: "fuzz.plist")
    require(result.value != nil || result.diagnostics.containsErrors, "no value and no error")
    for diagnostic in result.diagnostics {
        require(diagnostic.location.map { $0.line >= 1 && $0.column >= 1 } ?? false, "unlocated: \(diagnostic)")
    }
    if result.value != nil {
        // Entities are refused outright, so a document that declares one never yields a value.
        require(!input.text.contains("<!ENTITY"), "a document declaring an entity was accepted")
    }
    return 0
}
