import ArgumentParser
import Foundation
import OAuthResources
import OAuthRuntime
import Prometheus

/// What `mcp-client` says while it signs in, and where its metrics go.
struct ReportingOptions: ParsableArguments {
    @Flag(
        name: .shortAndLong,
        help: "Say nothing on standard error while signing in (errors and a device code are still shown).")
    var quiet = false

    @Flag(
        name: .shortAndLong,
        help: "Print the sign-in's log at debug level on standard error instead of its progress (never a token).")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "Write the run's metrics (sign-ins, refreshes, request timings) to the file at the end, in Prometheus's text format.",
            valueName: "file"))
    var metricsFile: String?

    /// What standard error shows while the client signs in.
    var progressMode: TerminalProgress.Mode { quiet ? .quiet : verbose ? .verbose : .steps }

    /// The session's telemetry: `progress`'s logger and, with --metrics-file, a Prometheus
    /// registry the runtime's counters and timers go to (an agent that serves /metrics bootstraps
    /// `MetricsSystem` with the same factory instead).
    func telemetry(_ progress: TerminalProgress) -> (OAuthTelemetry, PrometheusCollectorRegistry?) {
        var telemetry = progress.telemetry
        guard metricsFile != nil else { return (telemetry, nil) }
        let registry = PrometheusCollectorRegistry()
        telemetry.metrics = PrometheusMetricsFactory(registry: registry)
        return (telemetry, registry)
    }

    /// Writes `registry` to --metrics-file whole (a reader never sees half of it); a failure to
    /// write is said on standard error and changes nothing else.
    func write(_ registry: PrometheusCollectorRegistry?) {
        guard let registry, let metricsFile else { return }
        do {
            try Data(registry.emitToBuffer()).write(to: URL(fileURLWithPath: metricsFile), options: .atomic)
        } catch {
            FileHandle.standardError.write(
                Data("warning: could not write --metrics-file \(metricsFile): \(error)\n".utf8))
        }
    }
}
