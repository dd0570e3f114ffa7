import Foundation
import Logging
@_spi(BuildingBlocks) import OAuthResources
import OAuthRuntime
import Testing
import TestSupport

/// What `TerminalProgress` writes for the runtime's log lines, in each mode, on a terminal and
/// not (the pseudo-terminal run is `ProgressLinesTests`).
struct TerminalProgressTests {
    /// A progress whose writes are kept.
    static func progress(_ mode: TerminalProgress.Mode, terminal: Bool) -> (TerminalProgress, LockedList<String>) {
        let written = LockedList<String>()
        return (TerminalProgress(mode: mode, isTerminal: terminal) { written.append($0) }, written)
    }

    static func step(_ step: OAuthProgressStep, _ logger: Logger, metadata: Logger.Metadata = [:]) {
        logger.info(
            "step", metadata: metadata.merging([OAuthTelemetryKey.step.rawValue: .string(step.rawValue)]) { $1 })
    }

    @Test func aTerminalGetsOneLineReplacedByEachStepAndClearedAtTheEnd() {
        let (progress, written) = Self.progress(.steps, terminal: true)
        let logger = progress.telemetry.logger
        Self.step(.discovering, logger)
        Self.step(.discovering, logger)  // the same step again: nothing redrawn
        Self.step(.registering, logger)
        logger.debug("request answered")  // no step: no line
        progress.finish()
        #expect(
            written.all == [
                "\r\u{1B}[KDiscovering the resource and its authorization server…",
                "\r\u{1B}[KRegistering a client…", "\r\u{1B}[K",
            ])
    }

    @Test func aPipeGetsPlainLinesWithTheTimeLeft() {
        let (progress, written) = Self.progress(.steps, terminal: false)
        let deadline = Int(Date().timeIntervalSince1970) + 600
        Self.step(
            .waitingForApproval, progress.telemetry.logger,
            metadata: [OAuthTelemetryKey.deadline.rawValue: "\(deadline)"])
        progress.finish()
        let lines = written.all
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Waiting for the code's approval… (") == true)
        #expect(lines.first?.hasSuffix(" left)\n") == true)
    }

    @Test func theTimeLeftIsMinutesAndSecondsAndNeverNegative() {
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(TerminalProgress.render("x", deadline: now.addingTimeInterval(299.6), now: now) == "x (4:59 left)")
        #expect(TerminalProgress.render("x", deadline: now.addingTimeInterval(-5), now: now) == "x (0:00 left)")
        #expect(TerminalProgress.render("x", deadline: nil, now: now) == "x")
    }

    @Test func quietWritesNothingButKeepsTheDurations() {
        let (progress, written) = Self.progress(.quiet, terminal: true)
        let logger = progress.telemetry.logger
        Self.step(.discovering, logger)
        logger.info("oauth.sign_in finished", metadata: [OAuthTelemetryKey.durationMilliseconds.rawValue: "1234"])
        progress.finish()
        #expect(written.all.isEmpty)
        #expect(progress.durations == ["oauth.sign_in": 1234])
    }

    @Test func verboseWritesEachLineEscapedWithItsMetadata() {
        let (progress, written) = Self.progress(.verbose, terminal: true)
        progress.telemetry.logger.debug(
            "request answered", metadata: ["oauth.endpoint": "token", "server.address": "evil\u{1B}[2J"])
        #expect(written.all == [#"debug: request answered oauth.endpoint=token server.address=evil\u{1B}[2J"# + "\n"])
    }
}
