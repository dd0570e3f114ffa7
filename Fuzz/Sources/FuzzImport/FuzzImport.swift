import FuzzSupport
@testable import OAuthGenCore

/// `oauthgen import`'s reading of Okta.plist (both key spellings), Auth0.plist and
/// GoogleService-Info.plist: no crash; a refusal is an error located inside the file; an imported
/// provider's quirk file reads back with no error and with the values it was made from.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let (provider, diagnostics) = LegacyPlistImporter.importPlist(input.bytes, file: "Okta.plist")
    let lines = lineLengths(input.bytes)
    for diagnostic in diagnostics {
        requireInside(line: diagnostic.location?.line, column: diagnostic.location?.column, of: lines, "\(diagnostic)")
    }
    guard let provider else {
        require(diagnostics.containsErrors, "no provider and no error")
        return 0
    }
    let (quirks, found) = QuirkFileLoader.load(Array(provider.quirkFile.utf8), file: "\(provider.name).quirks.plist")
    require(!found.containsErrors, "the imported quirk file does not read back: \(found)")
    require(quirks?.clientID?.value == provider.clientID, "client ID changed on the way")
    require(quirks?.issuer?.value == provider.issuer, "issuer changed on the way")
    require(quirks?.redirectURIs.map(\.value) == provider.redirectURIs, "redirect URIs changed on the way")
    return 0
}
