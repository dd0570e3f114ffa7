import Foundation
import Logging
import OAuthRuntime
import TestSupport

#if Telemetry
import InMemoryTracing
import Instrumentation
import MetricsTestKit
import Tracing
#endif

/// Telemetry that keeps everything it is given, for tests to read back: every log line at trace
/// level, every metric (`TestMetrics`), every span (an in-memory tracer that propagates W3C
/// `traceparent`, as an OpenTelemetry tracer does).
public final class TelemetryRecorder: Sendable {
    /// One log line as the handler got it, its metadata rendered.
    public struct Line: Sendable {
        public let level: Logger.Level
        public let message: String
        public let metadata: [String: String]
    }

    #if Telemetry
    /// The metrics made through ``telemetry``.
    public let metrics = TestMetrics()
    /// The spans started through ``telemetry``.
    public let tracer = W3CInMemoryTracer()
    #endif
    private let lines = LockedList<Line>()

    public init() {}

    /// Telemetry reporting here, its logger at `trace`.
    public var telemetry: OAuthTelemetry {
        var logger = Logger(label: "test") { [lines] _ in RecordingLogHandler(lines: lines) }
        logger.logLevel = .trace
        #if Telemetry
        return OAuthTelemetry(logger: logger, metrics: metrics, tracer: tracer)
        #else
        return OAuthTelemetry(logger: logger)
        #endif
    }

    /// Every log line so far.
    public var logLines: [Line] { lines.all }

    #if Telemetry
    /// The spans that ended so far.
    public var spans: [FinishedInMemorySpan] { tracer.base.finishedSpans }
    #endif

    /// Every string the telemetry was given: messages and metadata, metric labels and
    /// dimensions, span names, attributes, events and recorded errors.
    public var recordedText: [String] {
        var text: [String] = []
        for line in logLines { text += [line.message] + line.metadata.map { "\($0.key)=\($0.value)" } }
        #if Telemetry
        for counter in metrics.counters { text += [counter.label] + counter.dimensions.map { "\($0.0)=\($0.1)" } }
        for timer in metrics.timers { text += [timer.label] + timer.dimensions.map { "\($0.0)=\($0.1)" } }
        for span in spans {
            text.append(span.operationName)
            // `SpanAttributes` is no sequence: its own `forEach` is the way through it.
            // swift-format-ignore: ReplaceForEachWithForLoop
            span.attributes.forEach { key, value in text.append("\(key)=\(value)") }
            for event in span.events {
                text.append(event.name)
                // swift-format-ignore: ReplaceForEachWithForLoop
                event.attributes.forEach { key, value in text.append("\(key)=\(value)") }
            }
            text += span.errors.map { String(describing: $0.error) }
        }
        #endif
        return text
    }
}

/// Keeps each line in a list.
struct RecordingLogHandler: LogHandler {
    let lines: LockedList<TelemetryRecorder.Line>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.append(
            TelemetryRecorder.Line(
                level: event.level, message: event.message.description,
                metadata: merged.mapValues { "\($0)" }))
    }
}

#if Telemetry
/// `InMemoryTracer`, its IDs in the W3C Trace Context's form, injecting `traceparent` (W3C Trace
/// Context §3.2) rather than its own fields: what an OpenTelemetry tracer puts on a request.
public struct W3CInMemoryTracer: Tracer {
    public typealias Span = InMemorySpan
    /// The tracer that keeps the spans.
    public let base = InMemoryTracer(
        idGenerator: .init(
            nextTraceID: { (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() },
            nextSpanID: { (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() }))

    public func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> InstrumentationContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        base.startSpan(
            operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID,
            line: line)
    }

    public func activeSpan(identifiedBy context: InstrumentationContext) -> InMemorySpan? {
        base.activeSpan(identifiedBy: context)
    }

    public func forceFlush() { base.forceFlush() }

    public func inject<Carrier, Inject: Injector>(
        _ context: InstrumentationContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
    }

    public func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout InstrumentationContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {}
}
#endif
