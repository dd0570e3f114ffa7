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
            for byte in text.utf8 { events += parser.consume([byte]) }
        } else {
            events = parser.consume(Array(text.utf8))
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
        _ = parser.consume(Array("retry: 1500\nretry: 2x\n\n".utf8))
        #expect(parser.retry == 1500)
    }
}
