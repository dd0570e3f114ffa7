import Foundation
import Logging

/// One step the runtime reports: its span, its log lines, the counter of its outcomes and the
/// timer of its duration, each with the same bounded dimensions.
package struct TelemetryOperation: Sendable {
    /// The span's name and the log lines' subject (`oauth.refresh`).
    let name: String
    /// The counter each outcome adds one to.
    let counter: OAuthMetricName?
    /// The timer of the whole operation.
    let timer: OAuthMetricName?
    /// Bounded dimensions for both (a grant, a store's kind).
    var dimensions: [(String, String)] = []
    /// Span attributes and log metadata beyond the dimensions (an issuer, a resource).
    var attributes: [(OAuthTelemetryKey, String)] = []
    /// What a person waits on while it runs, for progress lines.
    var step: OAuthProgressStep?

    package init(
        _ name: String, counter: OAuthMetricName? = nil, timer: OAuthMetricName? = nil,
        dimensions: [(String, String)] = [], attributes: [(OAuthTelemetryKey, String?)] = [],
        step: OAuthProgressStep? = nil
    ) {
        self.name = name
        self.counter = counter
        self.timer = timer
        self.dimensions = dimensions
        self.attributes = attributes.compactMap { key, value in value.map { (key, $0) } }
        self.step = step
    }
}

extension OAuthTelemetry {
    /// Runs `body` in `operation`'s span (the current one's child), logs its start and end, and
    /// counts and times its outcome: `outcome(result)` on success, the error's kind on failure.
    package func run<T>(
        _ operation: TelemetryOperation, isolation: isolated (any Actor)? = #isolation,
        outcome: (T) -> String = { _ in "success" },
        body: (TelemetrySpan) async throws(OAuthError) -> T
    ) async throws(OAuthError) -> T {
        let span = startSpan(operation.name)
        var logger = self.logger
        for (key, value) in operation.attributes {
            span.set(key, value)
            logger[metadataKey: key.rawValue] = .string(value)
        }
        for (key, value) in operation.dimensions {
            span.set(dimension: key, value)
            logger[metadataKey: "oauth.\(key)"] = .string(value)
        }
        var started = logger
        if let step = operation.step { started[metadataKey: OAuthTelemetryKey.step.rawValue] = .string(step.rawValue) }
        started.debug("\(operation.name) started")
        let start = ContinuousClock.now
        let result: Result<T, OAuthError> = await span.whileCurrent {
            do throws(OAuthError) {
                return .success(try await body(span))
            } catch {
                return .failure(error)
            }
        }
        let elapsed = ContinuousClock.now - start
        let ended: String
        switch result {
        case .success(let value):
            ended = outcome(value)
        case .failure(let error):
            ended = error.kind.description
            span.fail(error)
            span.set(.errorType, ended)
        }
        span.set(.outcome, ended)
        span.end()
        let dimensions = operation.dimensions + [("outcome", ended)]
        if let counter = operation.counter { count(counter, dimensions) }
        if let timer = operation.timer { time(timer, dimensions, elapsed) }
        logger[metadataKey: OAuthTelemetryKey.outcome.rawValue] = .string(ended)
        logger[metadataKey: OAuthTelemetryKey.durationMilliseconds.rawValue] = .string(elapsed.milliseconds)
        if case .failure = result {
            logger.notice("\(operation.name) failed")
        } else {
            logger.info("\(operation.name) finished")
        }
        return try result.get()
    }

    /// Records a wait that already ended (a store's lock) as an event of `span` and on the timer.
    package func recordWait(
        _ name: String, timer: OAuthMetricName, dimensions: [(String, String)], since start: ContinuousClock.Instant,
        on span: TelemetrySpan
    ) {
        let elapsed = ContinuousClock.now - start
        time(timer, dimensions, elapsed)
        span.addEvent(name, milliseconds: elapsed.milliseconds)
        var logger = self.logger
        for (key, value) in dimensions { logger[metadataKey: "oauth.\(key)"] = .string(value) }
        logger[metadataKey: OAuthTelemetryKey.durationMilliseconds.rawValue] = .string(elapsed.milliseconds)
        logger.debug("\(name)")
    }
}

extension Duration {
    /// Whole nanoseconds, for a timer.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Whole milliseconds, for a log line or an attribute.
    package var milliseconds: String {
        let (seconds, attoseconds) = components
        return String(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
