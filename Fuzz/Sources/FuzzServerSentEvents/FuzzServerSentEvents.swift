import FuzzSupport
@testable import OAuthMCP

/// The server-sent-events reader an MCP answer streams through, on any body: no crash, and the
/// events do not depend on where the network cut the bytes (the first byte picks the cut), as
/// the WHATWG standard's stream interpretation does not (§9.2.6). Data lines join with LF only;
/// an `id` with a NUL is ignored, so no event's ID holds one. The size bound is 64 bytes here, so
/// inputs reach it: a line or data over it is refused however the bytes were cut, and `retry`
/// never passes 30 s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let first = input.bytes.first else { return 0 }
    let body = Array(input.bytes.dropFirst())
    let limit = 64
    var whole = ServerSentEvents(maximumSize: limit)
    let all = try? whole.consume(body)
    whole.finish()
    let cut = body.isEmpty ? 0 : Int(first) % (body.count + 1)
    var pieces = ServerSentEvents(maximumSize: limit)
    let split = (try? pieces.consume(body[..<cut])).flatMap { head in
        (try? pieces.consume(body[cut...])).map { head + $0 }
    }
    pieces.finish()
    require(all == split, "the events (or the refusal) changed with a cut at byte \(cut)")
    require(
        all == nil || (whole.lastEventID == pieces.lastEventID && whole.retry == pieces.retry),
        "the stream's state changed with a cut at byte \(cut)")
    require((whole.retry ?? 0) <= ServerSentEvents.longestRetry, "a retry over 30 s")
    // One byte at a time, as a slow network delivers them.
    var trickle = ServerSentEvents(maximumSize: limit)
    var trickled: [ServerSentEvents.Event]? = []
    for byte in body {
        guard let events = try? trickle.consume([byte]) else {
            trickled = nil
            break
        }
        trickled? += events
    }
    require(all == trickled, "the events (or the refusal) changed when read a byte at a time")
    for event in all ?? [] {
        require(!event.data.unicodeScalars.contains("\r"), "a CR in an event's data")
        require(!event.lastEventID.unicodeScalars.contains("\0"), "a NUL in an event ID")
        require(!event.type.isEmpty, "an event without a type")
    }
    return 0
}
