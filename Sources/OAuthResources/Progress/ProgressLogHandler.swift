internal import Logging

/// Hands each of the runtime's log lines to the run's ``TerminalProgress``.
struct ProgressLogHandler: LogHandler {
    let progress: TerminalProgress
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        progress.take(
            level: event.level, message: event.message.description,
            metadata: metadata.merging(event.metadata ?? [:]) { $1 })
    }
}
