import FuzzSupport
@testable import OAuthMCP

/// The server-sent-events reader an MCP answer streams through, on any body: no crash, and the
/// events do not depend on where the network cut the bytes (the first byte picks the cut), as
/// the WHATWG standard's stream interpretation does not (§9.2.6). Data lines join with LF only;
/// an `id` with a NUL is ignored, so no event's ID holds one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let first = input.bytes.first else { return 0 }
    let body = Array(input.bytes.dropFirst())
    var whole = ServerSentEvents()
    let all = whole.consume(body)
    whole.finish()
    let cut = body.isEmpty ? 0 : Int(first) % (body.count + 1)
    var pieces = ServerSentEvents()
    let split = pieces.consume(body[..<cut]) + pieces.consume(body[cut...])
    pieces.finish()
    require(all == split, "the events changed with a cut at byte \(cut)")
    require(
        whole.lastEventID == pieces.lastEventID && whole.retry == pieces.retry,
        "the stream's state changed with a cut at byte \(cut)")
    // One byte at a time, as a slow network delivers them.
    var trickle = ServerSentEvents()
    var trickled: [ServerSentEvents.Event] = []
    for byte in body { trickled += trickle.consume([byte]) }
    require(all == trickled, "the events changed when read a byte at a time")
    for event in all {
        require(!event.data.unicodeScalars.contains("\r"), "a CR in an event's data")
        require(!event.lastEventID.unicodeScalars.contains("\0"), "a NUL in an event ID")
        require(!event.type.isEmpty, "an event without a type")
    }
    return 0
}
