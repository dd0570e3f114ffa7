import Foundation
import OAuthRuntime
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
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
    /// The first byte of a sealed row: the format, so a later one can be told apart. Format 1
    /// authenticates the table and the row's key; format 2 the row's revision too.
    static let formatVersion: UInt8 = 1
    /// The format whose authenticated data holds the row's revision (a sign-in's).
    static let revisionFormat: UInt8 = 2

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

    /// A key read from `path`: 32 raw bytes that are not all printable text, or their base64
    /// (standard or URL-safe, with or without a final newline). 32 printable characters are a
    /// passphrase, with far less than 256 bits in it, and are refused. The file (or the file a
    /// symlink names, as Kubernetes mounts secrets) must be a regular file of this user's that
    /// neither its group nor others can read or write, as ssh requires of a private key: the
    /// runtime's one rule for credential files (`OwnerOnlyFile`).
    public init(contentsOfFile path: String) throws(PostgresStoreError) {
        let data: Data
        do {
            data = try OwnerOnlyFile.contents(of: path)
        } catch {
            throw .unusableKey(path: path, reason: error.description)
        }
        if data.count == Self.byteCount {
            // Typed text (a line ending included) is all printable ASCII; random bytes are about
            // once in 10^13 tries.
            guard data.contains(where: { !(0x20...0x7E).contains($0) && ![0x09, 0x0A, 0x0D].contains($0) }) else {
                throw .unusableKey(path: path, reason: "32 printable characters, a passphrase rather than a key")
            }
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

    /// `plaintext` sealed for the row `name` of `table` (and, given, its `revision`): the format
    /// byte, then the nonce, the ciphertext and the tag.
    func seal(_ plaintext: Data, table: String, name: String, revision: Int64? = nil) throws -> Data {
        let box = try AES.GCM.seal(
            plaintext, using: SymmetricKey(data: bytes),
            authenticating: Self.context(table: table, name: name, revision: revision))
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return Data([revision == nil ? Self.formatVersion : Self.revisionFormat]) + combined
    }

    /// The plaintext of a row sealed by ``seal(_:table:name:revision:)`` for the same table and
    /// name, and, for a format 2 row, the `revision` its row holds: a revision column rewritten,
    /// or a row moved to another revision, does not open.
    ///
    /// - Throws: ``PostgresStoreError/unreadableRow(table:key:)`` for a row another key sealed,
    ///   one of another format, or one altered or moved.
    func open(_ sealed: Data, table: String, name: String, revision: Int64? = nil) throws(PostgresStoreError) -> Data {
        let format = sealed.first
        guard format == Self.formatVersion || (format == Self.revisionFormat && revision != nil) else {
            throw .unreadableRow(table: table, key: name)
        }
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.dropFirst())
            return try AES.GCM.open(
                box, using: SymmetricKey(data: bytes),
                authenticating: Self.context(
                    table: table, name: name, revision: format == Self.revisionFormat ? revision : nil))
        } catch {
            throw .unreadableRow(table: table, key: name)
        }
    }

    /// The authenticated data: the table and the row's key, apart by a zero byte no name holds,
    /// then the revision's 8 bytes (big-endian) when there is one.
    private static func context(table: String, name: String, revision: Int64?) -> Data {
        var context = Data("oauthgen \(table)".utf8) + Data([0]) + Data(name.utf8)
        if let revision { withUnsafeBytes(of: revision.bigEndian) { context.append(contentsOf: $0) } }
        return context
    }
}
