import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthFetch
internal import OAuthPolicy

/// Thrown by a transport that stopped reading a body at `limit` bytes; the runtime reports it
/// as ``OAuthError/Kind/responseTooLarge``. A transport written outside this package throws it
/// from ``HTTPTransport/send(_:)`` or a streamed body to say the same.
public struct ResponseTooLarge: Error, Sendable, Hashable {
    /// The most bytes the transport reads.
    public var limit: Int

    /// A body that passed `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }
}
