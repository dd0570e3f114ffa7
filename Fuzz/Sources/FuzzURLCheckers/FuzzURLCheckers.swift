import Foundation
import FuzzSupport
@testable import OAuthGenCore
import OAuthPolicy

/// The redirect-URI checker and the server-URL parser. Generated code force-unwraps
/// `URL(string:)` for every URI they accept, so acceptance must imply Foundation parses it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = FuzzInput(start, count).text
    let report = RedirectURIChecker.check(text)
    let hasErrors = report.findings.contains { $0.severity == .error }
    require(report.kind != .invalid || hasErrors, "an invalid verdict without an error: \(text.debugDescription)")
    if !hasErrors {
        require(URL(string: text) != nil, "accepted redirect URI that Foundation refuses: \(text.debugDescription)")
    }
    if let server = try? ServerURL(parsing: text) {
        require(URL(string: text) != nil, "accepted server URL that Foundation refuses: \(text.debugDescription)")
        require(server.scheme == "https" || server.scheme == "http", "scheme \(server.scheme)")
        require(!server.host.isEmpty, "empty host")
    }
    return 0
}
