import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OAuthPostgresStore
import Testing

/// `--store-key FILE`: 32 random bytes, raw or base64, in a file only this user can read.
@Suite struct StoreEncryptionKeyTests {
    func keyFile(_ contents: Data, mode: Int = 0o600) throws -> (path: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-key-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("store.key").path
        _ = FileManager.default.createFile(atPath: path, contents: contents, attributes: [.posixPermissions: mode])
        return (path, directory)
    }

    @Test func rawBytesAndTheirBase64AreTheSameKey() throws {
        let bytes = Data((0..<32).map { UInt8($0 * 7 % 256) })
        let raw = try keyFile(bytes)
        let text = try keyFile(Data((bytes.base64EncodedString() + "\n").utf8))
        let urlSafe = try keyFile(
            Data(
                bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                    .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "").utf8))
        defer { for file in [raw, text, urlSafe] { try? FileManager.default.removeItem(at: file.directory) } }
        _ = try StoreEncryptionKey(contentsOfFile: raw.path)
        _ = try StoreEncryptionKey(contentsOfFile: text.path)
        _ = try StoreEncryptionKey(contentsOfFile: urlSafe.path)
    }

    @Test(arguments: [
        (Data(count: 31), 0o600, "31 bytes"),
        (Data("not a key".utf8), 0o600, "neither 32 bytes nor their base64"),
        (Data(count: 32), 0o644, "mode 644, which others can read"),
        (Data(count: 32), 0o640, "mode 640"),
        // Issue 53, H9: a passphrase typed into the file is not 32 random bytes.
        (Data("correct horse battery staple 123".utf8), 0o600, "32 printable characters, a passphrase"),
        (Data("correct horse battery staple 1\r\n".utf8), 0o600, "32 printable characters, a passphrase"),
    ])
    func whatIsNotAKeyIsRefused(contents: Data, mode: Int, expected: String) throws {
        let file = try keyFile(contents, mode: mode)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        do {
            _ = try StoreEncryptionKey(contentsOfFile: file.path)
            Issue.record("expected the key file to be refused")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
            #expect(error.description.contains(file.path))
        }
    }

    /// Issue 53, H9: read through a symlink (as Kubernetes mounts a secret), by the runtime's one
    /// rule for credential files; a file of another user's is refused.
    @Test func aSymlinkIsFollowedAndAnotherUsersFileRefused() throws {
        let file = try keyFile(Data((Data((0..<32).map { UInt8($0 * 5 % 256) }).base64EncodedString() + "\n").utf8))
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let link = file.directory.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file.path)
        _ = try StoreEncryptionKey(contentsOfFile: link)
        guard geteuid() == 0 else { return }
        #expect(chown(file.path, 65534, 65534) == 0)
        #expect(throws: PostgresStoreError.unusableKey(path: link, reason: "a file of another user's (uid 65534)")) {
            try StoreEncryptionKey(contentsOfFile: link)
        }
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: PostgresStoreError.self) { try StoreEncryptionKey(contentsOfFile: "/nonexistent/store.key") }
    }
}
