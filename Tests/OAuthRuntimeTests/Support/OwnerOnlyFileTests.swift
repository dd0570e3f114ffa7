import Foundation
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
