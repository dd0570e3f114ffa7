import Foundation
import TestSupport
import Testing

/// `oauthgen fetch` and `oauthgen init --resource` against a server that refuses with a 401 of
/// each shape gateways send: each command ends with an error saying what it found. On Linux a
/// `Basic` challenge once held both for good, past every timeout.
@Suite struct ChallengeShapeTests {
    @Test(arguments: ChallengeServer.shapes.indices)
    func fetchEndsWithTheStatusItFound(index: Int) throws {
        let server = try ChallengeServer(ChallengeServer.shapes[index])
        defer { server.stop() }
        let run = try ProcessRunner.run(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen"),
            ["fetch", server.origin, "--allow-insecure-loopback"], timeout: 60)
        #expect(!run.timedOut, "\(server.shape.label)")
        #expect(run.status == 1, "\(server.shape.label)")
        #expect(
            run.stderrLines == [
                "error: expected HTTP 200 from \(server.origin)/.well-known/openid-configuration, found 401 [fetch-failed]"
            ],
            "\(server.shape.label)")
    }

    @Test(arguments: ChallengeServer.shapes.indices)
    func initResourceReadsTheBearerChallengeBesideOthers(index: Int) throws {
        let server = try ChallengeServer(ChallengeServer.shapes[index])
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ProcessRunner.run(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen"),
            ["init", "--resource", server.resource, "--allow-insecure-loopback", "--output", directory.path],
            timeout: 60)
        #expect(!run.timedOut, "\(server.shape.label)")
        #expect(run.status == 1, "\(server.shape.label)")
        #expect(run.stderr.contains("found HTTP 404 at \(server.origin)/"), "\(server.shape.label): \(run.stderr)")
        // A Bearer challenge is read wherever it stands; without one, the well-known locations.
        #expect(
            server.metadataNamedByTheChallengeWasRead == server.shape.namesMetadata,
            "\(server.shape.label): \(server.paths)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

extension ChallengeShapeTests {
    /// A server that reads the request and never answers, or answers a byte a second forever:
    /// `fetch` and `init --resource` end at their `--timeout` with an error saying so.
    @Test(arguments: [LocalHTTPServer.Response.Stall.beforeResponse, .endlessBody])
    func aServerThatNeverFinishesMeetsTheTimeout(stall: LocalHTTPServer.Response.Stall) throws {
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 200, stall: stall) }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-stall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let oauthgen = ProcessRunner.productsDirectory.appendingPathComponent("oauthgen")
        for arguments in [
            ["fetch", server.origin, "--allow-insecure-loopback", "--timeout", "2"],
            [
                "init", "--resource", server.origin + "/api", "--allow-insecure-loopback", "--timeout", "2", "--output",
                directory.path,
            ],
        ] {
            let run = try ProcessRunner.run(oauthgen, arguments, timeout: 60)
            #expect(!run.timedOut, "\(arguments[0])")
            #expect(run.status == 1, "\(arguments[0])")
            #expect(
                run.stderr.contains("expected an answer from 127.0.0.1 within 2 s, found none [fetch-failed]"),
                "\(arguments[0]): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
