import Foundation
internal import OAuthLocking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ServerFetch {
    /// A response whose body arrives as it streams: an MCP server's server-sent events, a tool's
    /// progress before its result.
    public struct StreamedResponse: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// Header fields as the system reported them.
        public var headers: [String: String]
        /// The body's bytes as they arrive; it throws ``Failure`` (an idle timeout, the network)
        /// and ends with the body. Dropping it cancels the request.
        public var body: AsyncThrowingStream<Data, any Error>
    }

    /// Sends one request and returns as soon as the response's head arrives, its body streaming.
    ///
    /// The head must come within ``timeout``; after it, the body may stream for as long as it
    /// likes, but a silence of `idleTimeout` seconds between two chunks ends it with
    /// `URLError.timedOut`, and more than `bufferLimit` bytes received and not yet read end it
    /// with ``Failure/bodyTooLarge(limit:)`` and close the connection. Redirects are never
    /// followed (a 3xx comes back as itself), no credential is offered to a challenge, and task
    /// cancellation ends the request.
    public func stream(
        _ request: URLRequest, idleTimeout: TimeInterval, bufferLimit: Int = defaultBodyLimit
    ) async throws(Failure) -> StreamedResponse {
        let task = streamSession.dataTask(with: request)
        let delegate = streamDelegate
        let host = request.url?.host
        let started = Task { [timeout] in
            try await Task.sleep(for: .seconds(timeout))
            delegate.fail(task, FetchTimeout.answer(from: host, within: timeout))
        }
        defer { started.cancel() }
        // Registered before anything can end it: an end that comes first (a task cancelled
        // before it started) is kept and read by `start`, as `send` does.
        delegate.register(task, idleTimeout: idleTimeout, bufferLimit: bufferLimit)
        let result: Result<StreamedResponse, Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if delegate.start(task, head: continuation) { task.resume() }
            }
        } onCancel: {
            delegate.cancel(task)
        }
        return try result.get()
    }
}

/// The stream session's delegate: each task's head goes to its waiting caller, its body chunks
/// to a stream, and a watchdog ends a body silent for longer than its idle timeout.
final class StreamingFetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked because NSObject is not Sendable: the one mutable state is `streams`, a
    // LockedBox (URLSession calls back on its own queue while callers register and cancel).
    private struct Entry: Sendable {
        var head: CheckedContinuation<Result<ServerFetch.StreamedResponse, ServerFetch.Failure>, Never>?
        var body: AsyncThrowingStream<Data, any Error>.Continuation?
        var failure: ServerFetch.Failure?
        var idleTimeout: TimeInterval
        var bufferLimit: Int
        var buffered = BufferedChunks()
        var lastActivity = Date()
        var watchdog: Task<Void, Never>?
    }

    private let streams = LockedBox<[Int: Entry]>([:])

    func register(_ task: URLSessionTask, idleTimeout: TimeInterval, bufferLimit: Int) {
        streams.withLock {
            $0[task.taskIdentifier] = Entry(idleTimeout: idleTimeout, bufferLimit: bufferLimit)
        }
    }

    /// Whether `task` may be resumed: false when it was ended before it started, and then `head`
    /// has its failure.
    func start(
        _ task: URLSessionTask,
        head: CheckedContinuation<Result<ServerFetch.StreamedResponse, ServerFetch.Failure>, Never>
    ) -> Bool {
        guard let failure = streams.failureOrAttach(task.taskIdentifier, failure: \.failure, attach: { $0.head = head })
        else { return true }
        head.resume(returning: .failure(failure))
        return false
    }

    /// Ends `task` with `error` (a timeout) unless it has ended.
    func fail(_ task: URLSessionTask, _ error: URLError) {
        end(task, with: .transport(error))
    }

    /// Ends `task` for its caller's cancellation.
    func cancel(_ task: URLSessionTask) {
        end(task, with: .cancelled)
    }

    /// Ends `task` with `failure` unless it has ended: its waiting caller, or its body's reader,
    /// gets the failure at once, without waiting for the task's own end, which FoundationNetworking
    /// did not always deliver for a task cancelled as it started (a test waited for the head's
    /// whole timeout). One that has not started is left for `start` to end.
    private func end(_ task: URLSessionTask, with failure: ServerFetch.Failure) {
        let ended = streams.withLock { streams -> Entry? in
            guard var entry = streams[task.taskIdentifier] else { return nil }
            guard entry.head != nil || entry.body != nil else {
                if entry.failure == nil { entry.failure = failure }
                streams[task.taskIdentifier] = entry
                return nil
            }
            return streams.removeValue(forKey: task.taskIdentifier)
        }
        task.cancel()
        guard let ended else { return }
        ended.watchdog?.cancel()
        if let head = ended.head {
            head.resume(returning: .failure(failure))
        } else {
            ended.body?.finish(throwing: failure)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // As `ServerFetch`'s: no credential is ever offered; the 401 is the caller's to read.
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
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        deliverHead(http, of: dataTask)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // A chunk after a silence past the idle timeout ends the body as the watchdog would have:
        // on a loaded machine the watchdog's task can run too late to see the silence at all.
        var silence: TimeInterval?
        let body = streams.withLock { streams -> AsyncThrowingStream<Data, any Error>.Continuation? in
            guard let entry = streams[dataTask.taskIdentifier] else { return nil }
            if entry.body != nil, Date().timeIntervalSince(entry.lastActivity) > entry.idleTimeout {
                silence = entry.idleTimeout
            }
            streams[dataTask.taskIdentifier]?.lastActivity = Date()
            return entry.body
        }
        if let silence {
            fail(dataTask, FetchTimeout.silence(from: dataTask.originalRequest?.url?.host, within: silence))
            return
        }
        // Yielded outside the lock; URLSession calls a task's delegate methods one at a time,
        // so the counts below follow the yields in order.
        switch body?.yield(data) {
        case .enqueued(let remaining)?:
            let over = streams.withLock { streams -> Int? in
                guard var entry = streams[dataTask.taskIdentifier] else { return nil }
                let held = entry.buffered.yielded(data.count, remaining: remaining)
                streams[dataTask.taskIdentifier] = entry
                return held > entry.bufferLimit ? entry.bufferLimit : nil
            }
            if let over { end(dataTask, with: .bodyTooLarge(limit: over)) }
        case .dropped?:
            let limit = streams.withLock { $0[dataTask.taskIdentifier]?.bufferLimit } ?? 0
            end(dataTask, with: .bodyTooLarge(limit: limit))
        case .terminated?, nil:
            break
        @unknown default:
            break
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // FoundationNetworking ends a declined challenge's task with a cancellation, its 401 had.
        if let http = task.response as? HTTPURLResponse, streams.withLock({ $0[task.taskIdentifier]?.head != nil }) {
            deliverHead(http, of: task)
        }
        // An end before the request started is left for `start` to report.
        guard
            let entry = streams.withLock({ streams -> Entry? in
                guard let entry = streams[task.taskIdentifier], entry.head != nil || entry.body != nil else {
                    if streams[task.taskIdentifier]?.failure == nil {
                        streams[task.taskIdentifier]?.failure = .cancelled
                    }
                    return nil
                }
                return streams.removeValue(forKey: task.taskIdentifier)
            })
        else { return }
        entry.watchdog?.cancel()
        let failure: ServerFetch.Failure? =
            entry.failure
            ?? error.map { error in
                (error as? URLError)?.code == .cancelled
                    ? .cancelled : .transport(error as? URLError ?? URLError(.unknown))
            }
        if let head = entry.head {
            head.resume(returning: .failure(failure ?? .transport(URLError(.badServerResponse))))
        } else if let failure {
            entry.body?.finish(throwing: failure)
        } else {
            entry.body?.finish()
        }
    }

    /// Hands `task`'s head to its caller with a body stream, and starts the idle watchdog.
    private func deliverHead(_ http: HTTPURLResponse, of task: URLSessionTask) {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(BufferedChunks.countLimit))
        // A reader that drops the body ends the request (and its watchdog) at once.
        continuation.onTermination = { [weak self] termination in
            if case .cancelled = termination { self?.cancel(task) }
        }
        let head = streams.withLock {
            streams -> CheckedContinuation<Result<ServerFetch.StreamedResponse, ServerFetch.Failure>, Never>? in
            guard let head = streams[task.taskIdentifier]?.head else { return nil }
            streams[task.taskIdentifier]?.head = nil
            streams[task.taskIdentifier]?.body = continuation
            streams[task.taskIdentifier]?.lastActivity = Date()
            streams[task.taskIdentifier]?.watchdog = watchdog(for: task)
            return head
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        head?.resume(returning: .success(.init(status: http.statusCode, headers: headers, body: body)))
    }

    /// Ends `task` when its body has been silent past its idle timeout.
    private func watchdog(for task: URLSessionTask) -> Task<Void, Never> {
        Task { [weak self] in
            while !Task.isCancelled {
                guard let self, let entry = self.streams.withLock({ $0[task.taskIdentifier] }) else { return }
                let silent = Date().timeIntervalSince(entry.lastActivity)
                if silent >= entry.idleTimeout {
                    self.fail(
                        task, FetchTimeout.silence(from: task.originalRequest?.url?.host, within: entry.idleTimeout))
                    return
                }
                try? await Task.sleep(for: .seconds(min(entry.idleTimeout - silent, 1) + 0.05))
            }
        }
    }
}
