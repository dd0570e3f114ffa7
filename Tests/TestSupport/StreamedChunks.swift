import Foundation

/// Reading a streamed body the way the streaming tests do.
public enum StreamedChunks {
    /// The first `count` chunks of `body`, then the stream is dropped (which ends its request).
    public static func first(_ count: Int, of body: AsyncThrowingStream<Data, any Error>) async throws -> [Data] {
        var chunks: [Data] = []
        for try await chunk in body {
            chunks.append(chunk)
            if chunks.count == count { break }
        }
        return chunks
    }
}
