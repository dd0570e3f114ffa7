import Foundation
import TestSupport
import Testing

/// `oauthgen init --resource` against `protected_api.py` and django-oauth-toolkit on 127.0.0.1:
/// from the resource's URL alone to three pinned files whose generated client compiles.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct InitResourceCommandTests {
    @Test func pinsTheResourceAndItsServerAndTheClientCompiles() throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let run = try OAuthGenBinary.run(["init", "--resource", api.resource, "--allow-insecure-loopback", "--output", directory.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.last == "wrote api.quirks.plist, api.oauth-authorization-server.json, api.oauth-protected-resource.json to \(directory.path)")
        let quirks = try String(contentsOf: directory.appendingPathComponent("api.quirks.plist"), encoding: .utf8)
        #expect(quirks.contains("<key>resource</key>\n\t<string>\(api.resource)</string>"))
        #expect(quirks.contains("<key>defaultScopes</key>\n\t<array>\n\t\t<string>read</string>"))
        let metadata = try String(contentsOf: directory.appendingPathComponent("api.oauth-protected-resource.json"), encoding: .utf8)
        #expect(metadata.contains("\"resource\": \"\(api.resource)\""))
        let server = try String(contentsOf: directory.appendingPathComponent("api.oauth-authorization-server.json"), encoding: .utf8)
        #expect(server.contains("\"issuer\": \"\(provider.issuer)\""))

        let output = directory.appendingPathComponent("Generated")
        let generate = try OAuthGenBinary.run(["generate", directory.path, "--output", output.path])
        #expect(generate.status == 0, "\(generate.stderr)")
        let client = try String(contentsOf: output.appendingPathComponent("api.oauthgen.swift"), encoding: .utf8)
        #expect(client.contains("        resource: URL(string: \"\(api.resource)\")!\n    )"))
        #expect(client.contains("registration: URL(string: \"\(provider.issuer)/register/\")!"))
        let compiled = try OAuthGenBinary.typecheck(output)
        #expect(compiled.status == 0, "\(compiled.stderr)")

        // Again: the quirk file is there, and is not replaced without --force.
        let again = try OAuthGenBinary.run(["init", "--resource", api.resource, "--allow-insecure-loopback", "--output", directory.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("[input-duplicate]"), "\(again.stderr)")
    }

    @Test func anHTTPResourceNeedsTheLoopbackFlagAndNothingIsWritten() throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try OAuthGenBinary.run(["init", "--resource", api.resource, "--output", directory.path])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["error: expected the protected resource to use https, found http on a loopback host; pass --allow-insecure-loopback for a local server [fetch-issuer-invalid] (OpenID Connect Discovery 1.0 §4; RFC 8414 §3; RFC 8252 §8.3)"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(try api.requests().isEmpty)
    }

    /// RFC 9728 §3.3 before anything is pinned: the 401 for `/api?x=1` names `/api`'s metadata.
    @Test func metadataForAnotherResourceIsRefusedAtItsLine() throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try OAuthGenBinary.run(["init", "--resource", api.resource + "?x=1", "--allow-insecure-loopback", "--output", directory.path])
        #expect(run.status == 1)
        let metadataURL = "http://127.0.0.1:\(api.port)/.well-known/oauth-protected-resource/api"
        #expect(run.stderrLines.first?.hasPrefix("\(metadataURL):") == true, "\(run.stderr)")
        #expect(run.stderr.contains("expected \"resource\" to be \"\(api.resource)?x=1\" exactly, the URL the metadata was looked up for (RFC 9728 §3.3), found \"\(api.resource)\" [resource-identifier]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
