import Foundation
import FuzzSupport
@testable import OAuthResources
@testable import OAuthRuntime

/// Protected-resource metadata (RFC 9728 §2) on any document: no crash, and what is accepted
/// keeps §3.3's promise (its `resource` is the URL it was looked up for) and names authorization
/// servers the runtime may talk to (https, or http on loopback only when allowed). Errors name a
/// member, never a control character. The first byte picks the expected resource and whether
/// loopback http is allowed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let flags = input.bytes.first else { return 0 }
    let expected = [
        "https://mcp.example.com/mcp", "https://api.example.com", "http://127.0.0.1:8080/mcp",
        "https://example.com/a?b",
    ][Int(flags & 3)]
    let allowLoopback = flags & 4 != 0
    let document = Data(input.bytes.dropFirst())
    do {
        let resource = try ProtectedResource(
            metadataDocument: document, expectedResource: expected, allowInsecureLoopback: allowLoopback)
        require(
            resource.identifier.absoluteString == expected,
            "accepted a document for \(resource.identifier), looked up for \(expected)")
        require(!resource.authorizationServers.isEmpty, "accepted without an authorization server")
        for server in resource.authorizationServers {
            guard let url = URL(string: server), let scheme = url.scheme?.lowercased() else {
                require(false, "accepted an authorization server that is no URL: \(server.debugDescription)")
                continue
            }
            let loopback = ["127.0.0.1", "[::1]", "::1"].contains(url.host ?? "")
            require(
                scheme == "https" || (scheme == "http" && allowLoopback && loopback),
                "accepted the authorization server \(server.debugDescription)")
        }
    } catch {
        let text = error.description
        require(
            !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "control character in \(text.debugDescription)")
    }
    return 0
}
