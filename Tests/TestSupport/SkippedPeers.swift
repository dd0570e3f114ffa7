import Foundation

/// The suites skipped for want of a real peer, said once more in the run's last line: a plain
/// `swift test` without the Python peers or Glewlwyd reported green while every resource suite
/// skipped, and the banner said so only somewhere in the middle of the output.
public enum SkippedPeers {
    private static let lock = NSLock()
    /// Why each missing peer is missing. `nonisolated(unsafe)`: read and written only under `lock`.
    nonisolated(unsafe) private static var skipped: [String: String] = [:]

    /// Notes that suites were skipped because `peer` is unavailable for `reason`; the first
    /// note arranges the closing line.
    public static func note(peer: String, reason: String) {
        let first = lock.withLock { () -> Bool in
            let wasEmpty = skipped.isEmpty
            skipped[peer] = reason
            return wasEmpty
        }
        if first { atexit { SkippedPeers.printSummary() } }
    }

    /// One line per missing peer on standard error, after everything else the run printed.
    static func printSummary() {
        let lines = lock.withLock { skipped.sorted { $0.key < $1.key } }.map { peer, reason in
            "skipped: every suite that needs \(peer): \(reason)\n"
        }
        FileHandle.standardError.write(Data(lines.joined().utf8))
    }
}
