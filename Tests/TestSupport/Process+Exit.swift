import Foundation

extension Process {
    /// How the child ended, `nil` while it runs: read from the kernel (`waitid` with `WNOWAIT`,
    /// so the child is left for Foundation to reap), not from `isRunning`. Foundation learns of
    /// the end through a socket the child holds, and a grandchild that outlives it (a daemon
    /// `start.sh` leaves running) holds that socket too: `isRunning` then stays `true` and
    /// `waitUntilExit()` never returns. As `terminationStatus` has it: the exit status, or the
    /// signal that ended the child.
    public var exitStatus: Int32? {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOHANG | WNOWAIT)
        if result == 0 {
            #if canImport(Darwin)
            let (pid, status) = (info.si_pid, info.si_status)
            #else
            let (pid, status) = (info._sifields._sigchld.si_pid, info._sifields._sigchld.si_status)
            #endif
            // No child has ended yet: WNOHANG leaves the zeroed pid.
            guard pid == processIdentifier else { return nil }
            return status
        }
        // ECHILD: Foundation has reaped the child already, and is setting the status it read.
        guard errno == ECHILD else { return nil }
        for _ in 0..<1000 {
            if !isRunning { return terminationStatus }
            usleep(1000)
        }
        return nil
    }

    /// Waits up to `seconds` for the child to end; its ``exitStatus``, `nil` if it still runs.
    public func waitForExit(within seconds: TimeInterval) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            if let status = exitStatus { return status }
            if Date() >= deadline { return nil }
            usleep(10_000)
        }
    }
}
