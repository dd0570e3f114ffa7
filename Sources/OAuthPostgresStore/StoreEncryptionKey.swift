import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The key a PostgreSQL store seals each row with (AES-256-GCM, from CryptoKit or swift-crypto):
/// a database reader, a backup or a replica of the database sees no token. The app supplies it;
/// every replica that shares the sign-ins needs the same key.
///
/// Each row is sealed with its table and key as authenticated data, so a row copied under
/// another account's name does not open.
public struct StoreEncryptionKey: Sendable {
    /// The key's length: AES-256.
    public static let byteCount = 32
    /// The first byte of every sealed row: the format, so a later one can be told apart.
    static let formatVersion: UInt8 = 1

    /// The key's bytes, made into a `SymmetricKey` at each use: CryptoKit's `SymmetricKey` is not
    /// `Sendable` in the iOS 17 and macOS 14 SDKs, and bytes need no `@unchecked` to be.
    private let bytes: Data

    /// A key from its 32 bytes.
    ///
    /// - Throws: ``PostgresStoreError/unusableKey(path:reason:)`` for any other length.
    public init(bytes: some ContiguousBytes) throws(PostgresStoreError) {
        let count = bytes.withUnsafeBytes { $0.count }
        guard count == Self.byteCount else {
            throw .unusableKey(path: "(bytes)", reason: "\(count) bytes")
        }
        self.bytes = bytes.withUnsafeBytes { Data($0) }
    }

    /// A key read from `path`: 32 raw bytes, or their base64 (standard or URL-safe, with or
    /// without a final newline). The file must be a regular file of this user's that neither its
    /// group nor others can read or write, as ssh requires of a private key.
    public init(contentsOfFile path: String) throws(PostgresStoreError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unusableKey(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unusableKey(path: path, reason: "not a regular file") }
        guard status.st_uid == geteuid() else { throw .unusableKey(path: path, reason: "a file of another user's") }
        guard status.st_mode & 0o077 == 0 else {
            throw .unusableKey(
                path: path,
                reason: "mode \(String(status.st_mode & 0o777, radix: 8)), which others can read (chmod 600)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unusableKey(path: path, reason: "a file that cannot be read")
        }
        if data.count == Self.byteCount {
            try self.init(bytes: data)
            return
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let decoded = Data(base64Encoded: standard), decoded.count == Self.byteCount else {
            throw .unusableKey(path: path, reason: "\(data.count) bytes that are neither 32 bytes nor their base64")
        }
        try self.init(bytes: decoded)
    }

    /// `plaintext` sealed for the row `name` of `table`: the format byte, then the nonce, the
    /// ciphertext and the tag.
    func seal(_ plaintext: Data, table: String, name: String) throws -> Data {
        let box = try AES.GCM.seal(
            plaintext, using: SymmetricKey(data: bytes), authenticating: Self.context(table: table, name: name))
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return Data([Self.formatVersion]) + combined
    }

    /// The plaintext of a row sealed by ``seal(_:table:name:)`` for the same table and name.
    ///
    /// - Throws: ``PostgresStoreError/unreadableRow(table:key:)`` for a row another key sealed,
    ///   one of another format, or one altered or moved.
    func open(_ sealed: Data, table: String, name: String) throws(PostgresStoreError) -> Data {
        guard sealed.first == Self.formatVersion else { throw .unreadableRow(table: table, key: name) }
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.dropFirst())
            return try AES.GCM.open(
                box, using: SymmetricKey(data: bytes), authenticating: Self.context(table: table, name: name))
        } catch {
            throw .unreadableRow(table: table, key: name)
        }
    }

    /// The authenticated data: the table and the row's key, apart by a zero byte no name holds.
    private static func context(table: String, name: String) -> Data {
        Data("oauthgen \(table)".utf8) + Data([0]) + Data(name.utf8)
    }
}
