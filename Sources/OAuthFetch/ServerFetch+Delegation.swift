import Foundation
internal import OAuthLocking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// What the two URLSession delegates (`ServerFetch`'s, and the stream's) share: starting a task
// that may have been ended before it started, and the same answer to every challenge.
extension LockedBox {
    /// The failure recorded for the task `id` before it started (the entry then removed), or
    /// `nil` after `attach` gave its entry the waiting caller. Decided under the lock, not from
    /// the task's own end: on Linux a task cancelled before `resume()` never starts, and its end
    /// may be delivered before this runs (a test saw it wait for the whole timeout).
    func failureOrAttach<Entry>(
        _ id: Int, failure: KeyPath<Entry, ServerFetch.Failure?>, attach: (inout Entry) -> Void
    ) -> ServerFetch.Failure? where Value == [Int: Entry] {
        withLock { table -> ServerFetch.Failure? in
            if let found = table[id]?[keyPath: failure] {
                table[id] = nil
                return found
            }
            if var entry = table[id] {
                attach(&entry)
                table[id] = entry
            }
            return nil
        }
    }
}

enum ChallengeAnswer {
    /// A 401 or 407 is the caller's to read: the client never answers a challenge with
    /// credentials, neither its own nor ones the system keeps (a Kerberos ticket for `Negotiate`,
    /// a stored password for `Basic`).
    ///
    /// On Apple platforms, declining each protection space makes the task finish with the
    /// challenge's response; a server-trust challenge gets the system's usual TLS evaluation.
    /// FoundationNetworking (Linux) raises this for `Basic` only, and its default handling never
    /// finishes the task (the request waited forever, past every timeout): the task is cancelled
    /// here (``cancelsTask``) and its end reports the response it had received.
    static func disposition(for challenge: URLAuthenticationChallenge) -> URLSession.AuthChallengeDisposition {
        #if canImport(FoundationNetworking)
        return .cancelAuthenticationChallenge
        #else
        let trust = challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust
        return trust ? .performDefaultHandling : .rejectProtectionSpace
        #endif
    }

    /// Whether answering cancels the task, whose end must then report the response it had.
    static var cancelsTask: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }
}
