/// How long the client waits before it opens the server's GET stream again (issue 53, H2).
///
/// The WHATWG standard lets the server set the reconnection time with `retry`; a server that set
/// `retry: 0` and ended each stream at once had the client reconnect in a tight loop, since a
/// clean end reset the failure count. The server's time is floored at 1 s and clamped at 30 s
/// (``ServerSentEvents/longestRetry``), and doubled for each stream in a row that ended without
/// a message, up to ``longest``: an idle server that closes its stream is asked less and less
/// often, and one that talks is listened to at its own pace.
struct ReconnectDelay: Sendable, Equatable {
    /// The shortest wait, in milliseconds.
    static let shortest = 1_000
    /// The longest wait, in milliseconds: a minute.
    static let longest = 60_000

    /// The time the server asked for, in milliseconds, if it did.
    var retry: Int?
    /// Streams in a row that ended (or failed) without a message.
    var quietEnds = 0

    /// A stream ended; `delivered` says whether it carried a message.
    mutating func streamEnded(delivered: Bool) {
        quietEnds = delivered ? 0 : quietEnds + 1
    }

    /// The wait before the next stream, in milliseconds.
    var milliseconds: Int {
        let base = min(max(retry ?? Self.shortest, Self.shortest), ServerSentEvents.longestRetry)
        return min(base << min(max(quietEnds - 1, 0), 6), Self.longest)
    }
}
