import Foundation
internal import OAuthPolicy
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A hold on a stored sign-in that other sessions — in this process or another, such as an
/// app's widget or a second command-line process — respect: while one session holds it, it can
/// re-read the store, refresh, and write the rotated tokens without another doing the same.
///
/// A session takes it only for a refresh and for the short write of a sign-in or a sign-out,
/// never while the user is asked for anything.
public struct TokenStoreLock: Sendable {
    private let releasing: @Sendable () -> Void

    /// A lock that `release` gives back; for a custom ``TokenStore`` shared between processes.
    public init(release: @escaping @Sendable () -> Void) {
        self.releasing = release
    }

    /// Gives the lock back. Call it once.
    public func release() {
        releasing()
    }

    /// How long a session waits for another process's hold on a stored sign-in by default: a
    /// refresh takes a round trip; a holder still there after this is stopped (a command-line
    /// process suspended with Ctrl-Z, an extension the system froze) or is not a session at all.
    public static let defaultTimeout: Duration = .seconds(15)

    /// An advisory lock (`flock`) on the file at `path`, created owner-only when missing.
    ///
    /// The wait polls every 10 ms rather than blocking a thread of Swift's cooperative pool; it
    /// ends with a `CancellationError` when the task is cancelled, and with
    /// ``TokenStoreLockError/timedOut(path:after:)`` after `timeout`. The lock goes with the
    /// process if it dies, so a crash never leaves it held.
    ///
    /// - Throws: ``TokenStoreLockError/untrustedFile(path:reason:)`` for a file that is not a
    ///   regular file of this user's that only this user can write: in a shared folder another
    ///   user could have made it, and hold it forever.
    public static func file(at path: String, timeout: Duration = defaultTimeout) async throws -> TokenStoreLock {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if let problem = CoordinationFileCheck.problem(descriptor) {
            close(descriptor)
            throw TokenStoreLockError.untrustedFile(path: path, reason: problem)
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                throw TokenStoreLockError.timedOut(path: path, after: timeout)
            }
            do {
                try await Task.sleep(for: .milliseconds(10))
            } catch {
                close(descriptor)
                throw error
            }
        }
        // Closing the descriptor releases the lock.
        return TokenStoreLock { close(descriptor) }
    }
}
