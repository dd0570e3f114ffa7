import Foundation
import Logging
import OAuthLocking
import OAuthPolicy
import OAuthRuntime

/// What `oauthgen-login` says on standard error while it works, read from the runtime's log
/// lines: each ``OAuthProgressStep`` a person waits on as one line that updates in place on a
/// terminal (the device code's time left counting down each second) and as plain lines otherwise;
/// with `--verbose`, every line of the log at `debug` and above; with `--quiet`, nothing. It
/// also keeps how long each reported operation took, for `--json`.
final class TerminalProgress: Sendable {
    /// What is printed.
    enum Mode: Sendable { case quiet, steps, verbose }

    let mode: Mode
    /// Whether standard error is a terminal: one updating line rather than plain lines.
    let isTerminal: Bool
    private let state = LockedBox(State())
    private let write: @Sendable (String) -> Void

    private struct State {
        var line: String?
        var deadline: Date?
        var ticker: Task<Void, Never>?
        var durations: [String: Int] = [:]
    }

    init(
        mode: Mode, isTerminal: Bool = isatty(STDERR_FILENO) == 1,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.mode = mode
        self.isTerminal = isTerminal
        self.write = write
    }

    /// The telemetry the run's sessions report through; read in every mode, `--quiet` included,
    /// for the durations `--json` reports.
    var telemetry: OAuthTelemetry {
        var logger = Logger(label: "oauthgen-login") { [self] _ in ProgressLogHandler(progress: self) }
        logger.logLevel = .debug
        return OAuthTelemetry(logger: logger)
    }

    /// How long each finished operation took, in milliseconds (`oauth.sign_in` → 1234).
    var durations: [String: Int] { state.value.durations }

    /// Takes one log line.
    func take(level: Logger.Level, message: String, metadata: Logger.Metadata) {
        if message.hasSuffix(" finished"),
            case .string(let ms)? = metadata[OAuthTelemetryKey.durationMilliseconds.rawValue],
            let value = Int(ms)
        {
            state.withLock { $0.durations[String(message.dropLast(" finished".count))] = value }
        }
        switch mode {
        case .quiet: return
        case .verbose:
            let fields = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            write(TerminalText.escaping("\(level): \(message)\(fields.isEmpty ? "" : " ")\(fields)") + "\n")
        case .steps:
            guard case .string(let name)? = metadata[OAuthTelemetryKey.step.rawValue],
                let text = Self.text(for: OAuthProgressStep(rawValue: name))
            else { return }
            var deadline: Date?
            if case .string(let seconds)? = metadata[OAuthTelemetryKey.deadline.rawValue], let epoch = Double(seconds) {
                deadline = Date(timeIntervalSince1970: epoch)
            }
            show(text, until: deadline)
        }
    }

    /// Ends the updating line, so what follows starts on a line of its own.
    func finish() {
        let line = state.withLock { state -> String? in
            state.ticker?.cancel()
            state.ticker = nil
            defer { state.line = nil }
            return state.line
        }
        if isTerminal, line != nil { write("\r\u{1B}[K") }
    }

    private func show(_ text: String, until deadline: Date?) {
        let changed = state.withLock { state -> Bool in
            guard state.line != text || state.deadline != deadline else { return false }
            state.line = text
            state.deadline = deadline
            state.ticker?.cancel()
            state.ticker = nil
            return true
        }
        guard changed else { return }
        guard isTerminal else {
            write(Self.render(text, deadline: deadline, now: Date()) + "\n")
            return
        }
        draw()
        guard deadline != nil else { return }
        let ticker = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard !Task.isCancelled else { return }
                self?.draw()
            }
        }
        state.withLock { $0.ticker = ticker }
    }

    private func draw() {
        let snapshot = state.withLock { state in state.line.map { ($0, state.deadline) } }
        guard let (line, deadline) = snapshot else { return }
        write("\r\u{1B}[K" + Self.render(line, deadline: deadline, now: Date()))
    }

    /// A step's line, with the time left when it has a deadline (`… (4:59 left)`).
    static func render(_ text: String, deadline: Date?, now: Date) -> String {
        guard let deadline else { return text }
        let left = max(0, Int(deadline.timeIntervalSince(now).rounded(.down)))
        return "\(text) (\(left / 60):\(String(format: "%02d", left % 60)) left)"
    }

    /// What a person reads for `step`; `nil` for a step not worth a line.
    static func text(for step: OAuthProgressStep) -> String? {
        switch step {
        case .discovering: "Discovering the resource and its authorization server…"
        case .registering: "Registering a client…"
        case .waitingForBrowser: "Waiting for the sign-in in the browser…"
        case .waitingForApproval: "Waiting for the code's approval…"
        case .waitingForLock: "Waiting for the stored sign-in (another process may be refreshing it)…"
        case .refreshing: "Refreshing the access token…"
        default: nil
        }
    }
}
