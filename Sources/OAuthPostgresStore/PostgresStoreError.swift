import Foundation
internal import OAuthPolicy

/// Why a PostgreSQL store could not be opened, read or written: what was expected and what was
/// found, never a token, a password or a key.
public enum PostgresStoreError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The store's URL is not one this store reads (`postgres://USER@HOST:PORT/DB?sslmode=…`).
    case invalidLocation(String)
    /// A password was given in the URL, where every other process on the machine can read it.
    case passwordInLocation
    /// The key file cannot be used: it is missing, others can read it, or it is not 32 bytes.
    case unusableKey(path: String, reason: String)
    /// The server could not be reached, or refused the connection (authentication, TLS).
    case connectionFailed(host: String, port: Int, reason: String)
    /// A statement failed; `reason` is the server's message, which never holds a bound value.
    case statementFailed(action: String, reason: String)
    /// The server did not answer within the store's timeout.
    case timedOut(action: String, after: Duration)
    /// A row could not be opened with this key: another key sealed it, or it was altered.
    case unreadableRow(table: String, key: String)
    /// The database holds tables a newer version of oauthgen made.
    case newerSchema(found: Int, known: Int)
    /// A sign-in's row is older than one this process has already read or written: someone who
    /// can write the table put an earlier row back (an older refresh token, a step-up budget
    /// unspent).
    case rowWentBack(table: String, key: String, revision: Int64, seen: Int64)

    /// What was expected and what was found.
    public var description: String {
        switch self {
        case .invalidLocation(let reason):
            "expected a store URL postgres://USER@HOST:PORT/DATABASE[?sslmode=MODE], found \(reason)"
        case .passwordInLocation:
            "expected the store URL without a password (argv is readable by every process here), found one: give it in PGPASSWORD or a password file (PGPASSFILE, ~/.pgpass)"
        case .unusableKey(let path, let reason):
            "expected the store key \(TerminalText.escaping(path)) to be 32 random bytes (raw or base64) in a file only this user can read, found \(reason)"
        case .connectionFailed(let host, let port, let reason):
            "expected PostgreSQL at \(TerminalText.escaping(host)):\(port) to accept the store's connection, found \(TerminalText.escaping(reason))"
        case .statementFailed(let action, let reason):
            "expected PostgreSQL to accept \(action), found \(TerminalText.escaping(reason))"
        case .timedOut(let action, let timeout):
            "expected PostgreSQL to answer \(action) within \(timeout), found no answer"
        case .unreadableRow(let table, let key):
            "expected the row \(TerminalText.escaping(key)) of \(table) to open with this store key, found it sealed by another key or altered"
        case .rowWentBack(let table, let key, let revision, let seen):
            "expected the row \(TerminalText.escaping(key)) of \(table) at revision \(seen) or later, found revision \(revision): an earlier row was put back"
        case .newerSchema(let found, let known):
            "expected the store's tables at schema version \(known) or older, found version \(found), made by a newer oauthgen"
        }
    }

    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
