#if Telemetry
import Instrumentation
import Tracing
#endif

/// One of the runtime's spans, through the app's swift-distributed-tracing tracer with the
/// `Telemetry` trait; without it a value that records nothing, so the code that reports a step
/// reads the same either way and an app that signs a person in compiles no tracing.
package struct TelemetrySpan: Sendable {
    /// The kinds of span the runtime starts (OpenTelemetry span kinds).
    package enum Kind: Sendable {
        /// A step inside the runtime: a refresh, a sign-in, discovery.
        case `internal`
        /// A request to a server: HTTP, or an MCP request.
        case client
    }

    #if Telemetry
    private let span: any Span
    private let tracer: any Tracer

    init(_ name: String, kind: Kind, tracer: any Tracer) {
        self.tracer = tracer
        self.span = tracer.startSpan(
            name, context: ServiceContext.current ?? .topLevel, ofKind: kind == .client ? .client : .internal)
    }
    #else
    init(_ name: String, kind: Kind) {}
    #endif

    /// Sets an attribute: only values from ``OAuthTelemetryKey``'s list, never a secret.
    package func set(_ key: OAuthTelemetryKey, _ value: String) {
        #if Telemetry
        span.attributes[key.rawValue] = value
        #endif
    }

    /// Sets an attribute under a dimension's name (`oauth.grant`).
    package func set(dimension: String, _ value: String) {
        #if Telemetry
        span.attributes["oauth.\(dimension)"] = value
        #endif
    }

    /// Sets a numeric attribute (a port, a status code).
    package func set(_ key: OAuthTelemetryKey, _ value: Int) {
        #if Telemetry
        span.attributes[key.rawValue] = value
        #endif
    }

    /// Marks the span failed, with `error` recorded if there is one.
    package func fail(_ error: (any Error)? = nil) {
        #if Telemetry
        if let error { span.recordError(error) }
        span.setStatus(SpanStatus(code: .error))
        #endif
    }

    /// Adds an event that took `milliseconds` (a lock wait).
    package func addEvent(_ name: String, milliseconds: String) {
        #if Telemetry
        var attributes: SpanAttributes = [:]
        attributes[OAuthTelemetryKey.durationMilliseconds.rawValue] = milliseconds
        span.addEvent(SpanEvent(name: name, attributes: attributes))
        #endif
    }

    /// Ends the span.
    package func end() {
        #if Telemetry
        span.end()
        #endif
    }

    /// Runs `body` with this span as the current one, so the spans it starts are its children.
    package func whileCurrent<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        #if Telemetry
        try await ServiceContext.withValue(span.context, isolation: isolation, operation: body)
        #else
        try await body()
        #endif
    }

    /// Writes the span's context into `headers` the way the tracer propagates it (W3C
    /// `traceparent` with an OpenTelemetry tracer).
    package func inject(into headers: inout [String: String]) {
        #if Telemetry
        tracer.inject(span.context, into: &headers, using: HeaderInjector())
        #endif
    }
}

#if Telemetry
/// Writes a tracer's propagation fields (`traceparent`, `tracestate`) into a request's headers.
struct HeaderInjector: Injector {
    func inject(_ value: String, forKey key: String, into headers: inout [String: String]) {
        headers[key] = value
    }
}
#endif
