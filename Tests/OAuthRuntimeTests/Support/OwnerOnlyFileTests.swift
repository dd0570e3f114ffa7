import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// A secret file's trailing line ending is not part of the secret, whichever an editor wrote: a
/// CRLF is one Swift `Character`, which a check for "\n" or "\r" alone misses (seen in review: the
/// secret kept its CRLF).
@Suite struct OwnerOnlyFileTests {
    @Test(arguments: ["s3cr3t", "s3cr3t\n", "s3cr3t\r\n", "s3cr3t\n\n"])
    func theLineEndingIsNotPartOfTheSecret(contents: String) throws {
        let directory = try makeTestDirectory("owner-only-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("secret")
        try Data(contents.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try OwnerOnlyFile.secret(at: file.path, holding: "client secret") == "s3cr3t")
    }
}

/// Issue 53, H9: a credential file is checked as it is opened, through symlinks (as Kubernetes
/// mounts a secret), and must be a regular file of this user's that only they can read.
@Suite struct OwnerOnlyFileRulesTests {
    func refusal(_ path: String) -> String? {
        do {
            _ = try OwnerOnlyFile.data(at: path, holding: "client secret")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aSymlinkToAnOwnerOnlyFileIsFollowed() throws {
        let directory = try makeTestDirectory("owner-only-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Kubernetes: secret → ..data/secret, ..data → ..2026_12_05 (a folder holding the file).
        let version = directory.appendingPathComponent("..2026_12_05")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        try Data("s3cr3t\n".utf8).write(to: version.appendingPathComponent("secret"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: version.appendingPathComponent("secret").path)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("..data").path, withDestinationPath: "..2026_12_05")
        let link = directory.appendingPathComponent("secret")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "..data/secret")
        #expect(try OwnerOnlyFile.secret(at: link.path, holding: "client secret") == "s3cr3t")
        // The link is followed to the file's own mode.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: version.appendingPathComponent("secret").path)
        #expect(
            refusal(link.path)
                == "expected the client secret file \(link.path) to be readable by its owner only (chmod 600), found mode 644, which others can read"
        )
    }

    /// A 0600 file of another user's is theirs to rewrite. Run as root, the test gives its own
    /// file away; otherwise a file of root's (readable, so the owner is what refuses it).
    @Test func aFileOfAnotherUsersIsRefused() throws {
        let directory = try makeTestDirectory("owner-only-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        var path = "/etc/hostname"
        var owner = 0
        if geteuid() == 0 {
            path = directory.appendingPathComponent("secret").path
            try Data("s3cr3t".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            owner = 65534
            #expect(chown(path, uid_t(owner), gid_t(owner)) == 0)
        }
        #expect(
            refusal(path)
                == "expected the client secret file \(path) to be this user's (uid \(geteuid())), found a file of another user's (uid \(owner))"
        )
    }

    @Test func aFolderAFIFOAndAnOversizedFileAreRefused() throws {
        let directory = try makeTestDirectory("owner-only-file")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            refusal(directory.path)
                == "expected the client secret file \(directory.path) to be a regular file, found not a regular file")
        // A FIFO no one writes to: refused at once, not waited on.
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            refusal(fifo) == "expected the client secret file \(fifo) to be a regular file, found not a regular file")
        let large = directory.appendingPathComponent("large")
        try Data(count: OwnerOnlyFile.maximumSize + 1).write(to: large)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: large.path)
        #expect(
            refusal(large.path)
                == "expected the client secret file \(large.path) to be 65536 bytes at most, found more than 65536 bytes"
        )
        let missing = directory.appendingPathComponent("missing").path
        #expect(
            refusal(missing)
                == "expected the client secret file \(missing) to be readable, found no such file or directory")
    }
}
