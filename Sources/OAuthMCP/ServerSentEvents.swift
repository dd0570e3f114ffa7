/// Server-sent events from the bytes of a `text/event-stream` body, as the WHATWG HTML standard
/// (§9.2.6, "Interpreting an event stream") reads them: lines end in CRLF, LF or CR; a line
/// starting with a colon is a comment; `data` lines join with LF; an empty line dispatches the
/// event; an event cut off by the stream's end is not dispatched.
///
/// The MCP servers of the Python, TypeScript and Go SDKs answer a POST with such a stream unless
/// told otherwise. The transport feeds it each chunk as it arrives (``consume(_:)`` takes bytes
/// that end anywhere), so events are handed on as they complete; it needs no Foundation and is
/// fuzzed as such (`FuzzServerSentEvents`). swift-openapi-runtime's decoder (1.x) was weighed and
/// left: it skips a `data` line without a colon (the standard appends an empty line), keeps a
/// leading byte order mark, and does not carry `id` over to later events, which resumption needs
/// (`Last-Event-ID`); and it would make every MCP client link OpenAPIRuntime and HTTPTypes.
///
/// Bounded (issue 53, H1, H2): a line, and an event's `data`, may hold ``maximumSize`` bytes at
/// most (an endless `data:` line took a client past 1 GiB); `retry` is read up to
/// ``longestRetry`` (a server asked a client to sleep 23 days before resuming).
struct ServerSentEvents {
    /// A line or an event's data passed ``maximumSize``: the stream is refused, not read on.
    struct TooLarge: Error, Sendable, Hashable {
        /// The bound that was passed, in bytes.
        var limit: Int
    }

    /// The longest reconnection time a stream may ask for, in milliseconds: 30 s. The standard
    /// lets a server set any; a client that waits for an answer cannot wait for just any.
    static let longestRetry = 30_000

    /// One dispatched event.
    struct Event: Sendable, Hashable {
        /// The `event` field, `message` when none was given.
        var type: String
        /// The `data` lines joined with LF.
        var data: String
        /// The last event ID when the event was dispatched (`id` fields carry over).
        var lastEventID: String
    }

    /// The most bytes a line or an event's data may hold.
    let maximumSize: Int
    private var line: [UInt8] = []
    private var afterCR = false
    private var atStart = true
    private var eventType: [UInt8] = []
    private var data: [UInt8] = []
    /// The stream's last event ID so far.
    private(set) var lastEventID = ""
    /// The reconnection time the stream asked for, in milliseconds, at most ``longestRetry``.
    private(set) var retry: Int?

    /// A parser for a new stream; a resumed one starts from the last event ID it resumed after.
    /// A line or an event's data may hold `maximumSize` bytes (1 MiB unless said).
    init(lastEventID: String = "", maximumSize: Int = 1 << 20) {
        self.lastEventID = lastEventID
        self.maximumSize = maximumSize
    }

    /// Reads `bytes`, which may end anywhere (mid-line, between CR and LF); returns the events
    /// they completed.
    ///
    /// - Throws: ``TooLarge`` for a line or an event's data over ``maximumSize``; the stream
    ///   must be dropped then.
    mutating func consume(_ bytes: some Sequence<UInt8>) throws(TooLarge) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            switch byte {
            case 0x0A where afterCR:
                afterCR = false
            case 0x0A, 0x0D:
                afterCR = byte == 0x0D
                if let event = try endLine() { events.append(event) }
            default:
                afterCR = false
                guard line.count < maximumSize else { throw TooLarge(limit: maximumSize) }
                line.append(byte)
            }
        }
        return events
    }

    /// The stream ended: a last line without its end is read, but an event without the empty
    /// line that dispatches it is dropped, as the standard says.
    mutating func finish() {
        if !line.isEmpty { _ = try? endLine() }
        data.removeAll()
        eventType.removeAll()
    }

    private mutating func endLine() throws(TooLarge) -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            name = line[...]
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = Array(value)
        case "data":
            guard data.count + value.count < maximumSize else { throw TooLarge(limit: maximumSize) }
            data.append(contentsOf: value)
            data.append(0x0A)
        case "id" where !value.contains(0):
            lastEventID = String(decoding: value, as: UTF8.self)
        case "retry" where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
            // Digits past the bound's own length are over it, however many (no Int overflow).
            let digits = value.drop { $0 == 0x30 }
            retry =
                digits.count > String(Self.longestRetry).count
                ? Self.longestRetry : min(Int(String(decoding: digits, as: UTF8.self)) ?? 0, Self.longestRetry)
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> Event? {
        defer {
            data.removeAll(keepingCapacity: true)
            eventType.removeAll()
        }
        guard !data.isEmpty else { return nil }
        data.removeLast()
        return Event(
            type: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
            data: String(decoding: data, as: UTF8.self), lastEventID: lastEventID)
    }
}
