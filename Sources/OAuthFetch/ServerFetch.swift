import Foundation
internal import OAuthLocking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the generator's `fetch` and the runtime's transport talk to authorization servers:
/// redirects are never followed, and a body is read only up to a limit.
///
/// Following a redirect would send a bearer token or a client secret to wherever the server
/// points, trust keys or a discovery document from another origin, and read a body from a host
/// no check has seen. A body past the limit is refused while it streams, so a hostile server
/// cannot make the client hold hundreds of megabytes.
public final class ServerFetch: Sendable {
    /// A response as it arrived: a 3xx comes back as itself, with its `Location`.
    public struct Response: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// Header fields as the system reported them.
        public var headers: [String: String]
        /// The body, at most the request's limit.
        public var body: Data
    }

    /// Why a fetch produced no response.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The body passed `limit` bytes (or its Content-Length said it would).
        case bodyTooLarge(limit: Int)
        /// The network or the server failed: the system's error, which tells "offline" from
        /// "timed out" and names no body.
        case transport(URLError)
        /// The calling task was cancelled.
        case cancelled

        /// What went wrong, naming no body.
        public var description: String {
            switch self {
            case .bodyTooLarge(let limit): "expected a response body of at most \(limit) bytes, found a larger one"
            case .transport(let error): error.localizedDescription
            case .cancelled: "the request was cancelled"
            }
        }
    }

    /// 1 MiB: the size limit of the generator's input files, and far above any real token
    /// response, JWKS, userinfo or discovery document.
    public static let defaultBodyLimit = 1 << 20

    private let session: URLSession
    private let delegate: Delegate
    /// Streamed requests' own session: no whole-request timeout, an idle one per request.
    let streamSession: URLSession
    let streamDelegate = StreamingFetchDelegate()
    /// The most a request may take, from sending to the body's last byte.
    public let timeout: TimeInterval

    /// Ephemeral: no cache (token responses must not be cached, RFC 6749 §5.1), no cookies, no
    /// credential store. A request ends within `timeout` seconds however the server behaves: an
    /// answer that never starts, or a body that trickles in forever, fails as `URLError.timedOut`.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        // No credential the system keeps is ever offered to a server (see the challenge handler).
        configuration.urlCredentialStorage = nil
        self.timeout = timeout
        let delegate = Delegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        configuration.timeoutIntervalForRequest = 7 * 86_400
        configuration.timeoutIntervalForResource = 7 * 86_400
        self.streamSession = URLSession(configuration: configuration, delegate: streamDelegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
        streamSession.finishTasksAndInvalidate()
    }

    /// Sends one request; honours task cancellation.
    public func send(
        _ request: URLRequest, bodyLimit: Int = ServerFetch.defaultBodyLimit
    ) async throws(Failure) -> Response {
        let task = session.dataTask(with: request)
        // URLSession's own timeout is an idle timeout on Linux (FoundationNetworking ignores
        // `timeoutIntervalForResource`): a server sending a byte a second would hold the request
        // for good. This bounds the whole request on every platform.
        let delegate = delegate
        // Whichever timeout fires (this one, or the system's between two packets) says the same.
        let timedOut = FetchTimeout.answer(from: request.url?.host, within: timeout)
        let deadline = Task { [timeout] in
            try await Task.sleep(for: .seconds(timeout))
            delegate.end(task, with: .transport(timedOut))
        }
        defer { deadline.cancel() }
        // Registered before anything can end it, so an end that comes first (a task cancelled
        // before the request started) is kept and read when the request would start.
        delegate.register(task, limit: bodyLimit)
        let result: Result<Response, Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if delegate.start(task, continuation: continuation) { task.resume() }
            }
        } onCancel: {
            delegate.end(task, with: .cancelled)
        }
        if case .failure(.transport(let error)) = result, error.code == .timedOut {
            throw .transport(timedOut)
        }
        return try result.get()
    }

    /// Routes the session's callbacks to the waiting request.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // @unchecked because NSObject is not Sendable: the delegate's one mutable state is
        // `pending`, a LockedBox (URLSession calls the delegate on its own queue while `register`
        // runs on the caller's).
        private struct Pending: Sendable {
            var limit: Int
            /// Nil until the request starts.
            var continuation: CheckedContinuation<Result<Response, Failure>, Never>?
            var body = Data()
            var failure: Failure?
            /// The client declined an authentication challenge: the task's end reports the
            /// response it had, not the cancellation that ended it.
            var declinedChallenge = false
        }

        private let pending = LockedBox<[Int: Pending]>([:])

        func register(_ task: URLSessionTask, limit: Int) {
            pending.withLock { $0[task.taskIdentifier] = Pending(limit: limit) }
        }

        /// Whether `task` may be resumed: false when it was ended before it started, and then
        /// `continuation` has its failure.
        func start(_ task: URLSessionTask, continuation: CheckedContinuation<Result<Response, Failure>, Never>) -> Bool
        {
            guard
                let failure = pending.failureOrAttach(
                    task.taskIdentifier, failure: \.failure, attach: { $0.continuation = continuation })
            else { return true }
            continuation.resume(returning: .failure(failure))
            return false
        }

        /// Ends `task` with `failure` (a timeout, the caller's cancellation) unless it has ended;
        /// one that has not started yet never will (see `start`).
        func end(_ task: URLSessionTask, with failure: Failure) {
            pending.withLock { pending in
                if pending[task.taskIdentifier] != nil, pending[task.taskIdentifier]?.failure == nil {
                    pending[task.taskIdentifier]?.failure = failure
                }
            }
            task.cancel()
        }

        /// A 401 or 407 is the caller's to read (`ChallengeAnswer`).
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            if ChallengeAnswer.cancelsTask { pending.withLock { $0[task.taskIdentifier]?.declinedChallenge = true } }
            completionHandler(ChallengeAnswer.disposition(for: challenge), nil)
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            let tooLarge = pending.withLock { pending -> Bool in
                guard let entry = pending[dataTask.taskIdentifier], response.expectedContentLength > entry.limit else {
                    return false
                }
                pending[dataTask.taskIdentifier]?.failure = .bodyTooLarge(limit: entry.limit)
                return true
            }
            completionHandler(tooLarge ? .cancel : .allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let tooLarge = pending.withLock { pending -> Bool in
                guard var entry = pending[dataTask.taskIdentifier], entry.failure == nil else { return false }
                guard entry.body.count + data.count <= entry.limit else {
                    entry.failure = .bodyTooLarge(limit: entry.limit)
                    entry.body = Data()
                    pending[dataTask.taskIdentifier] = entry
                    return true
                }
                entry.body.append(data)
                pending[dataTask.taskIdentifier] = entry
                return false
            }
            if tooLarge { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            // An end before the request started is left for `start` to report.
            guard
                let entry = pending.withLock({ pending -> Pending? in
                    guard pending[task.taskIdentifier]?.continuation != nil else { return nil }
                    return pending.removeValue(forKey: task.taskIdentifier)
                }), let continuation = entry.continuation
            else { return }
            if let failure = entry.failure {
                continuation.resume(returning: .failure(failure))
            } else if entry.declinedChallenge, let http = task.response as? HTTPURLResponse {
                continuation.resume(returning: .success(Self.response(http, body: entry.body)))
            } else if let error {
                let cancelled = (error as? URLError)?.code == .cancelled
                let failure = Self.explained(error as? URLError ?? URLError(.unknown), url: task.originalRequest?.url)
                continuation.resume(returning: .failure(cancelled ? .cancelled : .transport(failure)))
            } else if let http = task.response as? HTTPURLResponse {
                continuation.resume(returning: .success(Self.response(http, body: entry.body)))
            } else {
                continuation.resume(returning: .failure(.transport(URLError(.badServerResponse))))
            }
        }

        static func response(_ http: HTTPURLResponse, body: Data) -> Response {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            return Response(status: http.statusCode, headers: headers, body: body)
        }

        /// FoundationNetworking (Linux, Windows) refuses every URL whose host is an IPv6 literal,
        /// `http://[::1]` included, with a bare `NSURLErrorBadURL`: its check that curl and `URL`
        /// agree on the host does not allow for the brackets (swift-corelibs-foundation#5496, fixed
        /// by #5498 after the 6.3 toolchains). Said plainly, with the way around it.
        static func explained(_ error: URLError, url: URL?) -> URLError {
            #if canImport(FoundationNetworking)
            guard error.code == .badURL, let url,
                let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedHost,
                host.hasPrefix("[")
            else { return error }
            return URLError(
                .badURL,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "expected to reach \(host), found that this platform's URLSession cannot connect to an IPv6 literal host (swift-corelibs-foundation#5496); use http://127.0.0.1 for a local server",
                    NSURLErrorFailingURLErrorKey: url,
                ])
            #else
            return error
            #endif
        }
    }
}
