import Foundation
package import Logging
internal import OAuthLocking
internal import OAuthPolicy
public import OAuthRuntime

/// What a command-line agent says on standard error while it signs in, read from the runtime's
/// log lines (`oauthgen-login` and the MCP client example use it): each `OAuthProgressStep` a
/// person waits on as one line that updates in place on a terminal (a device code's time left
/// counting down each second) and as plain lines otherwise; in ``Mode/verbose``, every line of the
/// log at `debug` and above instead; in ``Mode/quiet``, nothing. In every mode it keeps how long
/// each reported operation took (``durations``).
///
/// Hand its ``telemetry`` to the session's `ClientOptions`, and call ``finish()`` before printing
/// anything else on standard error (a device code) and at the end.
public final class TerminalProgress: Sendable {
    /// What is printed.
    public enum Mode: Sendable {
        /// Nothing.
        case quiet
        /// The steps a person waits on.
        case steps
        /// The log at `debug` and above, one line each (never a token: the runtime logs none).
        case verbose
    }

    /// What this prints.
    public let mode: Mode
    /// Whether standard error is a terminal: one updating line rather than plain lines.
    public let isTerminal: Bool
    private let state = LockedBox(State())
    private let write: @Sendable (String) -> Void

    private struct State {
        var line: String?
        var deadline: Date?
        var ticker: Task<Void, Never>?
        var durations: [String: Int] = [:]
    }

    /// Progress in `mode` on standard error.
    public convenience init(mode: Mode) {
        self.init(mode: mode, isTerminal: isatty(STDERR_FILENO) == 1) { FileHandle.standardError.write(Data($0.utf8)) }
    }

    /// Progress in `mode` written through `write`, as on a terminal when `isTerminal`.
    package init(mode: Mode, isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.mode = mode
        self.isTerminal = isTerminal
        self.write = write
    }

    /// Telemetry whose logger reports here, in every mode (``Mode/quiet`` included, for the
    /// durations); metrics and spans go to the bootstrapped systems, or wherever the caller sets.
    public var telemetry: OAuthTelemetry {
        var logger = Logger(label: "oauthgen.progress") { [self] _ in ProgressLogHandler(progress: self) }
        logger.logLevel = .debug
        return OAuthTelemetry(logger: logger)
    }

    /// How long each finished operation took, in milliseconds (`oauth.sign_in` → 1234).
    public var durations: [String: Int] { state.value.durations }

    /// Takes one log line.
    package func take(level: Logger.Level, message: String, metadata: Logger.Metadata) {
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
    public func finish() {
        let line = state.withLock { state -> String? in
            state.ticker?.cancel()
            state.ticker = nil
            defer { state.line = nil }
            return state.line
        }
        if isTerminal, line != nil { write("\r\u{1B}[K") }
    }

    private func show(_ text: String, until deadline: Date?) {
        let isTerminal = isTerminal
        let changed = state.withLock { state -> Bool in
            guard state.line != text || state.deadline != deadline else { return false }
            state.line = text
            state.deadline = deadline
            state.ticker?.cancel()
            // Made under the lock, so a `finish()` racing this one always finds it to cancel.
            state.ticker =
                isTerminal && deadline != nil
                ? Task { [weak self] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(1))
                        guard !Task.isCancelled else { return }
                        self?.draw()
                    }
                } : nil
            return true
        }
        guard changed else { return }
        if isTerminal {
            draw()
        } else {
            write(Self.render(text, deadline: deadline, now: Date()) + "\n")
        }
    }

    private func draw() {
        let snapshot = state.withLock { state in state.line.map { ($0, state.deadline) } }
        guard let (line, deadline) = snapshot else { return }
        write("\r\u{1B}[K" + Self.render(line, deadline: deadline, now: Date()))
    }

    /// A step's line, with the time left when it has a deadline (`… (4:59 left)`).
    package static func render(_ text: String, deadline: Date?, now: Date) -> String {
        guard let deadline else { return text }
        let left = max(0, Int(deadline.timeIntervalSince(now).rounded(.down)))
        return "\(text) (\(left / 60):\(String(format: "%02d", left % 60)) left)"
    }

    /// What a person reads for `step`; `nil` for a step not worth a line.
    package static func text(for step: OAuthProgressStep) -> String? {
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
