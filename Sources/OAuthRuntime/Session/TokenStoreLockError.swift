import Foundation
internal import OAuthPolicy
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a store's lock file could not be held.
public enum TokenStoreLockError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Another process held the lock for longer than the wait allows. The session reports
    /// ``OAuthError/Kind/storageUnavailable``: nothing was refreshed, nothing is forgotten, and the
    /// next call tries again. It does not refresh without the lock: with a provider that rotates
    /// refresh tokens, two refreshes with one token sign every process out.
    case timedOut(path: String, after: Duration)
    /// The lock file is not a regular file of this user's that only this user can write.
    case untrustedFile(path: String, reason: String)

    /// What was expected and what was found.
    public var description: String {
        switch self {
        case .timedOut(let path, let timeout):
            "expected to hold the lock on the stored sign-in (\(TerminalText.escaping(path))) within \(timeout), found it held by another process all that time"
        case .untrustedFile(let path, let reason):
            "expected the store's lock file \(TerminalText.escaping(path)) to be a regular file of this user's that only this user can write, found that \(reason)"
        }
    }

    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
