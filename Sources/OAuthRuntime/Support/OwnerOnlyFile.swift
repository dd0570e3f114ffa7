import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file only its owner may read or write, as `ssh` requires of its keys: a client key, a client
/// secret or a store key kept on disk. One check for every credential file the runtime, its
/// tools and an app's own command-line agents read (`--client-secret-file`: argv is every local
/// user's to read).
///
/// The file is opened first and checked through what was opened (`fstat`), so a symlink is
/// followed to the file it names (as Kubernetes mounts a secret: `key` → `..data/key` → a 0600
/// file) and the file checked is the file read. It must be a regular file, belong to this user
/// (a 0600 file of another user's is theirs to rewrite) and be closed to its group and others.
public enum OwnerOnlyFile {
    /// The most a credential file may hold: a 4096-bit RSA key's PEM is about 3.3 KiB.
    public static let maximumSize = 64 * 1024

    /// The file's bytes; refused when it is not a regular file of this user's that only they
    /// may read or write (a credential others can read is not the client's alone).
    ///
    /// - Parameters:
    ///   - path: the file, or a symlink to it.
    ///   - what: what it holds, for the error (`client key`, `client secret`).
    /// - Throws: ``OAuthError/Kind/invalidConfiguration`` naming the file, what it must be and
    ///   what it is.
    public static func data(at path: String, holding what: String) throws(OAuthError) -> Data {
        do {
            return try contents(of: path)
        } catch {
            throw OAuthError.invalidConfiguration(
                "expected the \(what) file \(path) to be \(error.requirement), found \(error)")
        }
    }

    /// A secret kept in such a file: its UTF-8 text without the line endings an editor or `echo`
    /// leaves at its end (LF, or CRLF, which Swift reads as one `Character`).
    public static func secret(at path: String, holding what: String) throws(OAuthError) -> String {
        let data = try Self.data(at: path, holding: what)
        guard let text = String(data: data, encoding: .utf8) else {
            throw OAuthError.invalidConfiguration(
                "expected the \(what) file \(path) to hold UTF-8 text, found other bytes")
        }
        var secret = text
        while secret.last?.isNewline == true { secret.removeLast() }
        guard !secret.isEmpty else {
            throw OAuthError.invalidConfiguration("expected a \(what) in \(path), found the file empty")
        }
        return secret
    }

    /// The bytes of the file at `path` (through symlinks), checked as the type says; for a module
    /// with errors of its own (the PostgreSQL store's key).
    package static func contents(of path: String) throws(Refusal) -> Data {
        // O_NONBLOCK: opening a FIFO someone put there must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno)).lowercased()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno)).lowercased()) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        guard status.st_uid == geteuid() else { throw .anotherUsers(owner: Int(status.st_uid)) }
        guard status.st_mode & 0o077 == 0 else { throw .openToOthers(mode: Int(status.st_mode & 0o777)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(String(cString: strerror(errno)).lowercased()) }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= maximumSize else { throw .tooLarge(limit: maximumSize) }
        }
    }

    /// Why a file is not taken as a credential; its `description` says what the file is.
    package enum Refusal: Error, CustomStringConvertible {
        /// It could not be opened or read: the system's reason.
        case unreadable(String)
        /// A directory, a FIFO, a device.
        case notRegularFile
        /// A file of the user `owner`'s, not this one's.
        case anotherUsers(owner: Int)
        /// Its group or others may read or write it.
        case openToOthers(mode: Int)
        /// It holds more than `limit` bytes.
        case tooLarge(limit: Int)

        /// What the file was expected to be.
        package var requirement: String {
            switch self {
            case .unreadable: "readable"
            case .notRegularFile: "a regular file"
            case .anotherUsers: "this user's (uid \(geteuid()))"
            case .openToOthers: "readable by its owner only (chmod 600)"
            case .tooLarge(let limit): "\(limit) bytes at most"
            }
        }

        /// What it is.
        package var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .notRegularFile: "not a regular file"
            case .anotherUsers(let owner): "a file of another user's (uid \(owner))"
            case .openToOthers(let mode): "mode \(String(mode, radix: 8)), which others can read"
            case .tooLarge(let limit): "more than \(limit) bytes"
            }
        }
    }
}
