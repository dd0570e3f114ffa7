import Foundation
@testable import OAuthMCP
import Testing

/// The event-stream parser against the WHATWG standard's own examples and rules (HTML §9.2.6),
/// fed whole and one byte at a time.
@Suite struct ServerSentEventsTests {
    func events(_ text: String, byteByByte: Bool) -> [ServerSentEvents.Event] {
        var parser = ServerSentEvents()
        var events: [ServerSentEvents.Event] = []
        if byteByByte {
            for byte in text.utf8 { events += (try? parser.consume([byte])) ?? [] }
        } else {
            events = (try? parser.consume(Array(text.utf8))) ?? []
        }
        parser.finish()
        return events
    }

    @Test(arguments: [false, true])
    func theMCPServersAnswer(byteByByte: Bool) {
        // What the Python SDK sends for one response: an event named `message`, one data line.
        let found = events(
            "event: message\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r\n\r\n", byteByByte: byteByByte)
        #expect(
            found == [
                ServerSentEvents.Event(type: "message", data: #"{"jsonrpc":"2.0","id":1,"result":{}}"#, lastEventID: "")
            ])
    }

    @Test(arguments: [false, true])
    func linesEndInCRLFOrLFOrCRAndDataLinesJoinWithLF(byteByByte: Bool) {
        let found = events("data: one\rdata: two\ndata:three\r\n\n: a comment\nid: 7\ndata\n\n", byteByByte: byteByByte)
        #expect(
            found == [
                ServerSentEvents.Event(type: "message", data: "one\ntwo\nthree", lastEventID: ""),
                // A `data` line with no colon adds an empty line: the event is dispatched with "".
                ServerSentEvents.Event(type: "message", data: "", lastEventID: "7"),
            ])
    }

    @Test func aFieldWithoutDataDispatchesNothingAndTheIDCarriesOver() {
        let found = events("event: ping\nid: 3\n\ndata: x\n\nid: 4\0\ndata: y\n\n", byteByByte: false)
        // The first block has no data: nothing. An id with a NUL is ignored: 3 carries over.
        #expect(found.map(\.lastEventID) == ["3", "3"])
        #expect(found.map(\.type) == ["message", "message"])
    }

    @Test func anEventCutOffByTheEndIsDropped() {
        #expect(events("data: whole\n\ndata: cut", byteByByte: false).map(\.data) == ["whole"])
        #expect(events("data: cut off\n", byteByByte: false).isEmpty)
    }

    @Test func aLeadingByteOrderMarkAndOneSpaceAfterTheColonAreDropped() {
        let found = events("\u{FEFF}data:  two spaces\n\n", byteByByte: true)
        #expect(found.map(\.data) == [" two spaces"])
    }

    @Test func retryTakesDigitsOnly() {
        var parser = ServerSentEvents()
        _ = try? parser.consume(Array("retry: 1500\nretry: 2x\n\n".utf8))
        #expect(parser.retry == 1500)
    }

    /// Issue 53, H2: a server's `retry` is read up to 30 s, however many digits it has.
    @Test(arguments: [
        ("retry: 2000000000", 30_000), ("retry: 30001", 30_000), ("retry: 30000", 30_000), ("retry: 0", 0),
        ("retry: 0000000000000000000000000000000000000012", 12),
        ("retry: 99999999999999999999999999999999999999999", 30_000),
    ])
    func retryIsClampedAtThirtySeconds(line: String, milliseconds: Int) throws {
        var parser = ServerSentEvents()
        _ = try parser.consume(Array("\(line)\n".utf8))
        #expect(parser.retry == milliseconds)
    }

    /// Issue 53, H1: a line that never ends, and an event whose data lines never end in the
    /// empty line that dispatches it, are refused once they pass the bound, not kept growing.
    @Test func aLineOrAnEventOverTheBoundIsRefused() throws {
        var endless = ServerSentEvents(maximumSize: 1_000)
        _ = try endless.consume(Array("data: ".utf8) + Array(repeating: UInt8(ascii: "x"), count: 990))
        #expect(throws: ServerSentEvents.TooLarge(limit: 1_000)) {
            _ = try endless.consume(Array(repeating: UInt8(ascii: "x"), count: 10))
        }
        var unending = ServerSentEvents(maximumSize: 1_000)
        let line = Array("data: ".utf8) + Array(repeating: UInt8(ascii: "y"), count: 90) + [0x0A]
        _ = try unending.consume(Array(repeating: line, count: 10).joined())
        #expect(throws: ServerSentEvents.TooLarge(limit: 1_000)) { _ = try unending.consume(line) }
        // Under the bound, the same event is dispatched whole.
        var bounded = ServerSentEvents(maximumSize: 1_000)
        let events = try bounded.consume(Array(repeating: line, count: 9).joined() + [0x0A])
        #expect(events.map(\.data.count) == [90 * 9 + 8])
    }
}
