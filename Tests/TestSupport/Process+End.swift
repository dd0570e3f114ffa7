import Foundation

extension Process {
    /// Ends a test peer now, with SIGKILL. A peer started from a dispatch worker or the
    /// cooperative pool inherits that thread's signal mask, SIGTERM blocked with nearly every
    /// other signal, so `terminate()` left it running until the test process ended: 48 peers
    /// at once were alive during OAuthMCPTests' 46 tests. A peer keeps nothing that needs a
    /// clean shutdown.
    public func end() {
        guard exitStatus == nil else { return }
        kill(processIdentifier, SIGKILL)
        _ = waitForExit(within: 30)
    }
}
