#if Telemetry
import CoreMetrics
import Instrumentation
public import Tracing
#endif
import Foundation
public import Logging

/// Where the runtime reports what it does, in the server-side Swift conventions a fleet already
/// runs on: a swift-log `Logger`, and with the package's `Telemetry` trait a swift-metrics factory
/// and a swift-distributed-tracing tracer.
///
/// Every client, session and sign-in method made with the same ``ClientOptions`` reports through
/// the one value, and so does an MCP transport over such a session. The logger is silent unless the
/// app passes one. With the `Telemetry` trait (which `PostgreSQL` enables), metrics and spans go to
/// the systems the app bootstrapped (`MetricsSystem.bootstrap`, `InstrumentationSystem.bootstrap`),
/// which are no-ops until it does; without it the runtime compiles neither package, so an app that
/// signs a person in pays for no fleet's instruments. No log line, metric dimension or span
/// attribute ever carries a token, code, secret, assertion or key: what the runtime records is
/// listed in ``OAuthTelemetryKey`` and ``OAuthMetricName``. An agent passes
/// `ClientOptions(telemetry: OAuthTelemetry(logger: logger))` with its own `Logger`, at `debug`
/// to see each request.
public struct OAuthTelemetry: Sendable {
    /// Where the runtime logs each step (sign-in, discovery, registration, refresh, lock waits):
    /// `info` for what an operator follows, `debug` for each request, `trace` for each poll.
    public var logger: Logger

    #if Telemetry
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
    #else
    /// Telemetry through `logger`, silent by default. Metrics and spans need the package's
    /// `Telemetry` trait.
    public init(logger: Logger = OAuthTelemetry.silentLogger) {
        self.logger = logger
    }
    #endif

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

    /// Starts a span, the current one's child (a value that records nothing without the trait).
    package func startSpan(_ name: String, kind: TelemetrySpan.Kind = .internal) -> TelemetrySpan {
        #if Telemetry
        TelemetrySpan(name, kind: kind, tracer: tracer)
        #else
        TelemetrySpan(name, kind: kind)
        #endif
    }

    /// Adds one to the counter `name` under `dimensions` (bounded: never a user or a token).
    package func count(_ name: OAuthMetricName, _ dimensions: [(String, String)]) {
        #if Telemetry
        Counter(label: name.rawValue, dimensions: dimensions, factory: metrics).increment()
        #endif
    }

    /// Records `elapsed` on the timer `name` under `dimensions`.
    package func time(_ name: OAuthMetricName, _ dimensions: [(String, String)], _ elapsed: Duration) {
        #if Telemetry
        CoreMetrics.Timer(label: name.rawValue, dimensions: dimensions, factory: metrics)
            .recordNanoseconds(elapsed.nanoseconds)
        #endif
    }
}
