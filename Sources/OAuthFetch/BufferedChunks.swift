/// The bytes a streamed body holds that its reader has not taken yet, counted from what the
/// body's `AsyncThrowingStream` says at each yield.
///
/// The stream buffers chunks without a byte bound; a server that sends faster than its reader
/// reads (or a reader that stopped) grew it without end (issue 53, H1). The stream is made with
/// `.bufferingOldest(countLimit)`, so each `.enqueued(remaining:)` tells how many chunks it holds
/// (`countLimit - remaining`, one more when a waiting reader took the chunk as it came); since it
/// hands them on oldest first, those are the last that many chunks yielded, and their sizes are
/// the bytes held.
package struct BufferedChunks: Sendable {
    /// The body stream's chunk limit: never the bound that matters, as each chunk holds a byte
    /// at least and the byte limit is lower.
    package static let countLimit = 1 << 20

    private var sizes: [Int] = []
    private var start = 0
    /// The bytes held, as of the last yield.
    package private(set) var bytes = 0

    /// Nothing held yet.
    package init() {}

    /// Notes a chunk of `size` bytes that the stream enqueued with `remaining` slots left, and
    /// returns the bytes it holds now.
    package mutating func yielded(_ size: Int, remaining: Int) -> Int {
        sizes.append(size)
        bytes += size
        let held = max(0, Self.countLimit - remaining)
        while sizes.count - start > held {
            bytes -= sizes[start]
            start += 1
        }
        // Drops what the reader took, now and then, so the list stays as long as what is held.
        if start >= 64, start * 2 >= sizes.count {
            sizes.removeFirst(start)
            start = 0
        }
        return bytes
    }
}
