import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The two ways a request runs out of time, as every transport of the package reports them: a
/// `URLError.timedOut` (callers tell it from other failures by its code, the device grant among
/// them) whose message says what was expected.
package enum FetchTimeout {
    /// No answer, or no whole answer, from `host` within `seconds`.
    package static func answer(from host: String?, within seconds: TimeInterval) -> URLError {
        URLError(
            .timedOut,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "expected an answer from \(host ?? "the server") within \(Int(seconds)) s, found none"
            ])
    }

    /// A streamed body from `host` silent for `seconds` between two chunks.
    package static func silence(from host: String?, within seconds: TimeInterval) -> URLError {
        URLError(
            .timedOut,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "expected the stream from \(host ?? "the server") to send something within \(Int(seconds)) s, found it silent"
            ])
    }
}
