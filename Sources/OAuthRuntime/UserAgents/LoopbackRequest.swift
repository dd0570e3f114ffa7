import Foundation

/// What the loopback listener makes of the bytes a local process sent it: whatever process that
/// is, since any program on the machine can connect (RFC 8252 §8.3).
enum LoopbackRequest: Equatable {
    /// Not a complete request head yet.
    case incomplete
    /// Not an HTTP/1.x request line, or a head past the size limit.
    case malformed
    /// Another path or method (a browser's `/favicon.ico`).
    case notFound
    /// The redirect path without the pending request's `state` (RFC 8252 §8.9): a guess or a
    /// forgery, which must neither end the wait nor be told the sign-in worked.
    case foreignState
    /// The authorization response: the request target, to be checked in full by `AuthorizationCallback`.
    case callback(target: String)

    /// The largest request head read; a browser's callback is a few hundred bytes.
    static let headLimit = 16_384

    /// Classifies a request head. `path` is the redirect URI's path as registered
    /// (percent-encoded), compared byte for byte.
    static func classify(_ bytes: some Collection<UInt8>, path: String, state: String) -> LoopbackRequest {
        guard let headEnd = headEnd(in: bytes) else {
            return bytes.count >= headLimit ? .malformed : .incomplete
        }
        let head = bytes.prefix(headEnd)
        guard let lineEnd = head.firstIndex(where: { $0 == 13 || $0 == 10 }) else { return .malformed }
        let requestLine = head[..<lineEnd].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        // A request target is visible ASCII (RFC 9112 §3.2); anything else is no browser's.
        guard requestLine.count == 3, requestLine[2].starts(with: Array("HTTP/1.".utf8)),
            requestLine[1].first == UInt8(ascii: "/"), requestLine[1].allSatisfy({ (0x21...0x7E).contains($0) })
        else { return .malformed }
        let target = String(decoding: requestLine[1], as: UTF8.self)
        let targetPath = String(target.prefix { $0 != "?" && $0 != "#" })
        guard requestLine[0].elementsEqual("GET".utf8), targetPath == path else { return .notFound }
        let query =
            target.dropFirst(targetPath.count).first == "?"
            ? String(target.dropFirst(targetPath.count + 1).prefix { $0 != "#" }) : ""
        let states = FormEncoding.decode(query).filter { $0.0 == "state" }
        guard states.count == 1, AuthorizationCallback.constantTimeEqual(states[0].1, state) else {
            return .foreignState
        }
        return .callback(target: target)
    }

    /// Where the blank line ending the head starts, if it has arrived.
    private static func headEnd(in bytes: some Collection<UInt8>) -> Int? {
        var window: UInt32 = 0
        for (offset, byte) in bytes.enumerated() {
            window = window << 8 | UInt32(byte)
            if window == 0x0D0A_0D0A { return offset - 3 }
            if window & 0xFFFF == 0x0A0A { return offset - 1 }
        }
        return nil
    }
}
