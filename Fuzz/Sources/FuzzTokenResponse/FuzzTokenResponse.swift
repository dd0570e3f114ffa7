import Foundation
import FuzzSupport
@testable import OAuthRuntime

/// The token-response decoder with every quirk combination: a token set or a typed error, and
/// no token in any description. Input: quirk flags (the top bit: the request carried a DPoP proof), status selector, media-type selector (the top bit: extra bearer words), body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput(start, count).bytes
    guard bytes.count >= 3 else { return 0 }
    let flags = bytes[0]
    let quirks = TokenResponseQuirks(
        format: flags & 1 == 0 ? .json : .form, missingTokenType: flags & 2 != 0, errorsWithStatus200: flags & 4 != 0,
        nestedIn: flags & 8 != 0 ? ["authed_user"] : flags & 16 != 0 ? ["a", "b"] : [],
        // The media-type byte's top bit: a provider with its own word for bearer (Slack's "user"),
        // and "DPoP" listed too, which must never count.
        bearerTokenTypes: bytes[2] & 0x80 != 0 ? ["user", "DPoP"] : [])
    let statuses = [200, 200, 201, 400, 401, 403, 500, 503]
    let types = [
        "application/json", "application/json; charset=utf-8", "application/x-www-form-urlencoded", "text/html",
        "text/plain", "",
    ]
    let type = types[Int(bytes[2]) % types.count]
    let dpop = flags & 128 != 0
    let response = HTTPResponse(
        status: statuses[Int(bytes[1]) % statuses.count], headers: type.isEmpty ? [:] : ["Content-Type": type],
        body: Data(bytes.dropFirst(3)))
    do {
        let tokens = try TokenResponseDecoder.decode(
            response, quirks: quirks, requireIDToken: flags & 32 != 0, scopeSeparator: flags & 64 != 0 ? "," : " ",
            now: Date(timeIntervalSince1970: 1_800_000_000), dpop: dpop)
        require(!tokens.accessToken.isEmpty, "empty access token accepted")
        // A DPoP-bound request yields only a DPoP token, and a bearer request only a bearer token.
        require(tokens.tokenType == (dpop ? "DPoP" : "Bearer"), "token type \(tokens.tokenType) for dpop=\(dpop)")
        // The description must not depend on any token: the same response with other tokens
        // describes the same. (Searching the text for the token cannot tell a leak from a token
        // that happens to spell what the description shows, such as " " + the scope.)
        let description = "\(tokens)"
        var probe = tokens
        probe.accessToken = "A"
        probe.refreshToken = tokens.refreshToken.map { _ in "R" }
        probe.idToken = tokens.idToken.map { _ in "I" }
        require("\(probe)" == description, "the description depends on a token: \(description)")
    } catch {
        require(
            !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "control character in \(error.description.debugDescription)")
    }
    return 0
}
