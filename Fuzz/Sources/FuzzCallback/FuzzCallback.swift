import Foundation
import FuzzSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime

/// The callback validator on any URL: it returns a code only for the request's exact redirect
/// URI with the request's state, and its errors never contain the code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let flags = input.bytes.first ?? 0
    guard let url = URL(string: String(decoding: input.bytes.dropFirst(), as: UTF8.self)) else { return 0 }
    let pending = flags & 1 == 0 ? privateUse : loopback
    let metadata = ProviderMetadata(kind: .openIDConnect, authorizationResponseIssParameterSupported: flags & 2 != 0)
    do {
        let code = try AuthorizationCallback.validate(url, pending: pending, metadata: metadata)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems ?? []
        let states = FormEncoding.decode(
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
        ).filter { $0.0 == "state" }
        require(states.count == 1 && states[0].1 == pending.state, "accepted without the pending state: \(url)")
        require(!code.code.isEmpty, "an empty code accepted")
        require("\(code)" == "AuthorizationCode(<redacted>)", "the code is shown: \(code)")
        require(!items.isEmpty, "no query")
        if flags & 2 != 0 {
            require(
                FormEncoding.decode(url.query ?? "").contains { $0.0 == "iss" && $0.1 == pending.issuer },
                "accepted without iss")
        }
    } catch {
        let text = error.description
        require(
            !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "control character in \(text.debugDescription)")
        // No error shows the code. Other parts of the URL may be quoted (the host, an `iss` the
        // response carried), so the same bytes there may appear.
        let pairs = FormEncoding.decode(url.query ?? "")
        var outside = URLComponents(url: url, resolvingAgainstBaseURL: false)
        outside?.query = nil
        let elsewhere =
            (outside?.string ?? "") + pairs.filter { $0.0 != "code" }.map { $0.0 + "=" + $0.1 }.joined(separator: "&")
            + pending.redirectURI.absoluteString + (pending.issuer ?? "")
        for (name, value) in pairs where name == "code" && value.count >= 8 && !containsBytes(elsewhere, value) {
            require(!containsBytes(text, value), "the code appears in an error: \(text)")
        }
    }
    return 0
}

let privateUse = PendingAuthorization<DiscoveredProvider>(
    state: "state-0123456789abcdef", nonce: "n", pkce: PKCE(method: .s256),
    redirectURI: URL(string: "com.example.app:/oauth2/cb")!, issuer: "https://id.example.com",
    clientID: "c", scopes: ["openid"], createdAt: Date(timeIntervalSince1970: 0))
let loopback = PendingAuthorization<DiscoveredProvider>(
    state: "state-0123456789abcdef", nonce: "n", pkce: PKCE(method: .s256),
    redirectURI: URL(string: "http://127.0.0.1:8080/cb")!, issuer: "https://id.example.com",
    clientID: "c", scopes: ["openid"], createdAt: Date(timeIntervalSince1970: 0))
