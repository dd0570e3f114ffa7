import CoreMetrics
import Foundation
public import Logging
import Instrumentation
public import Tracing

/// Where the runtime reports what it does, in the server-side Swift conventions a fleet already
/// runs on: a swift-log `Logger`, a swift-metrics factory and a swift-distributed-tracing tracer.
///
/// Every client, session and sign-in method made with the same ``ClientOptions`` reports through
/// the one value, and so does an MCP transport over such a session. The logger is silent unless the app passes one; metrics and spans go
/// to the systems the app bootstrapped (`MetricsSystem.bootstrap`, `InstrumentationSystem.bootstrap`),
/// which are no-ops until it does. No log line, metric dimension or span attribute ever carries a
/// token, code, secret, assertion or key: what the runtime records is listed in
/// ``OAuthTelemetryKey`` and ``OAuthMetricName``. An agent passes
/// `ClientOptions(telemetry: OAuthTelemetry(logger: logger))` with its own `Logger`, at `debug`
/// to see each request.
public struct OAuthTelemetry: Sendable {
    /// Where the runtime logs each step (sign-in, discovery, registration, refresh, lock waits):
    /// `info` for what an operator follows, `debug` for each request, `trace` for each poll.
    public var logger: Logger
    /// Makes the runtime's counters and timers (``OAuthMetricName``).
    public var metrics: any MetricsFactory
    /// Starts the runtime's spans and injects their context into outgoing requests (W3C
    /// `traceparent` with an OpenTelemetry tracer).
    public var tracer: any Tracer

    /// Telemetry through `logger` (silent by default), `metrics` and `tracer` (the bootstrapped
    /// systems' by default).
    public init(
        logger: Logger = OAuthTelemetry.silentLogger,
        metrics: (any MetricsFactory)? = nil,
        tracer: (any Tracer)? = nil
    ) {
        self.logger = logger
        self.metrics = metrics ?? MetricsSystem.factory
        self.tracer = tracer ?? InstrumentationSystem.tracer
    }

    /// A logger that drops everything: the default, so an app that never asked sees no line.
    public static var silentLogger: Logger {
        Logger(label: "oauthgen", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// The same telemetry with `value` under `key` in every log line it writes from now on.
    package func with(_ key: OAuthTelemetryKey, _ value: String?) -> OAuthTelemetry {
        guard let value else { return self }
        var copy = self
        copy.logger[metadataKey: key.rawValue] = .string(value)
        return copy
    }
}
