import Foundation
import TestSupport
import Testing

/// `oauthgen init --resource` against `protected_api.py` and django-oauth-toolkit on 127.0.0.1:
/// from the resource's URL alone to three pinned files whose generated client compiles.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct InitResourceCommandTests {
    @Test func pinsTheResourceAndItsServerAndTheClientCompiles() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let run = try await OAuthGenBinary.run([
            "init", "--resource", api.resource, "--allow-insecure-loopback", "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderrLines.last
                == "wrote api.quirks.plist, api.oauth-authorization-server.json, api.oauth-protected-resource.json to \(directory.path)"
        )
        let quirks = try String(contentsOf: directory.appendingPathComponent("api.quirks.plist"), encoding: .utf8)
        #expect(quirks.contains("<key>resource</key>\n\t<string>\(api.resource)</string>"))
        #expect(quirks.contains("<key>defaultScopes</key>\n\t<array>\n\t\t<string>read</string>"))
        let metadata = try String(
            contentsOf: directory.appendingPathComponent("api.oauth-protected-resource.json"), encoding: .utf8)
        #expect(metadata.contains("\"resource\": \"\(api.resource)\""))
        let server = try String(
            contentsOf: directory.appendingPathComponent("api.oauth-authorization-server.json"), encoding: .utf8)
        #expect(server.contains("\"issuer\": \"\(provider.issuer)\""))

        let output = directory.appendingPathComponent("Generated")
        let generate = try await OAuthGenBinary.run(["generate", directory.path, "--output", output.path])
        #expect(generate.status == 0, "\(generate.stderr)")
        let client = try String(contentsOf: output.appendingPathComponent("api.oauthgen.swift"), encoding: .utf8)
        #expect(client.contains("        resource: URL(string: \"\(api.resource)\")!\n    )"))
        #expect(client.contains("registration: URL(string: \"\(provider.issuer)/register/\")!"))
        let compiled = try await OAuthGenBinary.typecheck(output)
        #expect(compiled.status == 0, "\(compiled.stderr)")

        // Again: the quirk file is there, and is not replaced without --force.
        let again = try await OAuthGenBinary.run([
            "init", "--resource", api.resource, "--allow-insecure-loopback", "--output", directory.path,
        ])
        #expect(again.status == 1)
        #expect(again.stderr.contains("[input-duplicate]"), "\(again.stderr)")
    }

    /// A client ID that is an https URL: the metadata document to host there is written from the
    /// quirk file's values, and the build checks the two against each other.
    @Test func anHTTPSClientIDGetsItsMetadataDocument() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clientID = "https://app.example.com/oauth/client.json"
        let run = try await OAuthGenBinary.run([
            "init", "--resource", api.resource, "--allow-insecure-loopback", "--client-id", clientID,
            "--bundle-id", "com.example.app", "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try String(
            contentsOf: directory.appendingPathComponent("api.client-metadata.json"), encoding: .utf8)
        #expect(document.contains("\"client_id\": \"\(clientID)\""))
        #expect(document.contains("\"redirect_uris\": [\n    \"com.example.app:/oauth2redirect\"\n  ]"))
        #expect(
            try await OAuthGenBinary.run(["validate", directory.path]).stderrLines.filter { $0.contains("error:") }
                == [])
        // The app adds a redirect URI to the quirk file and forgets the document: the build says so.
        let quirks = directory.appendingPathComponent("api.quirks.plist")
        let edited = try String(contentsOf: quirks, encoding: .utf8).replacingOccurrences(
            of: "<string>com.example.app:/oauth2redirect</string>",
            with: "<string>com.example.app:/oauth2redirect</string>\n\t\t<string>http://127.0.0.1/callback</string>")
        try edited.write(to: quirks, atomically: true, encoding: .utf8)
        let drift = try await OAuthGenBinary.run(["validate", directory.path])
        #expect(drift.status == 1)
        #expect(
            drift.stderr.contains(
                "expected \"redirect_uris\" to list \"http://127.0.0.1/callback\", a redirect URI of the quirk file, found it missing: the server would refuse that sign-in [client-metadata-drift]"
            ), "\(drift.stderr)")
    }

    @Test func anHTTPResourceNeedsTheLoopbackFlagAndNothingIsWritten() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await OAuthGenBinary.run(["init", "--resource", api.resource, "--output", directory.path])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "error: expected the protected resource to use https, found http on a loopback host; pass --allow-insecure-loopback for a local server [fetch-resource-invalid] (RFC 9728 §1.2, §3.1, §5.1; RFC 8252 §8.3)"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(try api.requests().isEmpty)
    }

    /// A resource identifier has no fragment (RFC 9728 §1.2): refused under the resource's rule,
    /// not the issuer's, before any request.
    @Test func aResourceWithAFragmentIsRefusedBeforeAnyRequest() async throws {
        let server = try LocalHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let resource = "http://127.0.0.1:\(server.port)/api#part"
        let run = try await OAuthGenBinary.run([
            "init", "--resource", resource, "--allow-insecure-loopback", "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines.count == 1
                && run.stderr.hasSuffix("[fetch-resource-invalid] (RFC 9728 §1.2, §3.1, §5.1; RFC 8252 §8.3)\n"),
            "\(run.stderr)")
        #expect(run.stderr.contains(resource))
        #expect(server.requests.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A 401 that names its metadata at a plain-http host: the location is held to the resource's
    /// rule, and nothing is fetched from it.
    @Test func metadataNamedAtAnInsecureLocationIsRefused() async throws {
        let server = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(
                status: 401,
                headers: [
                    "WWW-Authenticate":
                        #"Bearer resource_metadata="http://metadata.example/.well-known/oauth-protected-resource""#
                ])
        }
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await OAuthGenBinary.run([
            "init", "--resource", "http://127.0.0.1:\(server.port)/api", "--allow-insecure-loopback", "--output",
            directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "error: expected the protected resource metadata to use https, found 'http://metadata.example/.well-known/oauth-protected-resource' [fetch-resource-invalid] (RFC 9728 §1.2, §3.1, §5.1; RFC 8252 §8.3)"
            ])
        #expect(server.requests.map(\.path) == ["/api"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// RFC 9728 §3.3 before anything is pinned: the 401 for `/api?x=1` names `/api`'s metadata.
    @Test func metadataForAnotherResourceIsRefusedAtItsLine() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await OAuthGenBinary.run([
            "init", "--resource", api.resource + "?x=1", "--allow-insecure-loopback", "--output", directory.path,
        ])
        #expect(run.status == 1)
        let metadataURL = "http://127.0.0.1:\(api.port)/.well-known/oauth-protected-resource/api"
        #expect(run.stderrLines.first?.hasPrefix("\(metadataURL):") == true, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "expected \"resource\" to be \"\(api.resource)?x=1\" exactly, the URL the metadata was looked up for (RFC 9728 §3.3), found \"\(api.resource)\" [resource-identifier]"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

extension InitResourceCommandTests {
    /// An MCP server whose 401 names no scope (the Python SDK's): the quirk file's default scopes
    /// and the typed scopes are the resource's `scopes_supported`, not the authorization server's
    /// whole list; a local server's port comes with a note on pinning again.
    @Test func anMCPServersScopesAreTheResourcesOwn() async throws {
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await OAuthGenBinary.run([
            "init", "tools", "--resource", server.endpoint.absoluteString, "--allow-insecure-loopback",
            "--output", directory.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let quirks = try String(contentsOf: directory.appendingPathComponent("tools.quirks.plist"), encoding: .utf8)
        #expect(
            quirks.contains("<key>defaultScopes</key>\n\t<array>\n\t\t<string>read</string>\n\t</array>"), "\(quirks)")
        #expect(
            quirks.contains(
                "its port is in every pinned URL: when it changes, run oauthgen init again with the new URL and its force option"
            ))
        let output = directory.appendingPathComponent("Generated")
        let generate = try await OAuthGenBinary.run(["generate", directory.path, "--output", output.path])
        #expect(generate.status == 0, "\(generate.stderr)")
        let client = try String(contentsOf: output.appendingPathComponent("tools.oauthgen.swift"), encoding: .utf8)
        #expect(client.contains("static let read = Scope(rawValue: \"read\")"), "\(client)")
        #expect(
            !client.contains("Scope(rawValue: \"introspection\")") && !client.contains("Scope(rawValue: \"openid\")"))
    }
}

/// `init --resource` against a local server: what it refuses to pin without the real peers.
@Suite struct InitResourceRefusalTests {
    /// The runtime's resource session refuses an authorization server that does not list S256
    /// (the MCP authorization spec's PKCE rule), so the build refuses to pin one, at the line.
    @Test func anAuthorizationServerWithoutS256IsNotPinned() async throws {
        let server = try LocalHTTPServer { request in
            let origin = "http://" + (request.headers["host"] ?? "")
            switch request.path {
            case "/api":
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer resource_metadata="\#(origin)/meta""#])
            case "/meta": return .json(#"{"resource": "\#(origin)/api", "authorization_servers": ["\#(origin)"]}"#)
            case "/.well-known/oauth-authorization-server":
                return .json(
                    "{\"issuer\": \"\(origin)\", \"authorization_endpoint\": \"\(origin)/a\", \"token_endpoint\": \"\(origin)/t\",\n\"response_types_supported\": [\"code\"],\n\"code_challenge_methods_supported\": [\"plain\"]}"
                )
            default: return .notFound
            }
        }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-s256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await OAuthGenBinary.run([
            "init", "--resource", server.origin + "/api", "--allow-insecure-loopback", "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "\(server.origin)/.well-known/oauth-authorization-server:3:37: error: expected the authorization server \(server.origin) to list \"S256\" in \"code_challenge_methods_supported\", found [\"plain\"]: a client of a protected resource does not sign in without S256 (MCP authorization, PKCE) [discovery-no-s256] (RFC 8252 §6; RFC 7636 §4.2)"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// The same rule as the runtime's resource session: an https client ID names a metadata
    /// document, which a server that does not say `client_id_metadata_document_supported` would
    /// not read; nothing is pinned for it.
    @Test func aMetadataDocumentClientIDNeedsAServerThatTakesOne() async throws {
        let server = try LocalHTTPServer { request in
            let origin = "http://" + (request.headers["host"] ?? "")
            switch request.path {
            case "/api":
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer resource_metadata="\#(origin)/meta""#])
            case "/meta": return .json(#"{"resource": "\#(origin)/api", "authorization_servers": ["\#(origin)"]}"#)
            case "/.well-known/oauth-authorization-server":
                return .json(
                    #"{"issuer": "\#(origin)", "authorization_endpoint": "\#(origin)/a", "token_endpoint": "\#(origin)/t", "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}"#
                )
            default: return .notFound
            }
        }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-cimd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await OAuthGenBinary.run([
            "init", "--resource", server.origin + "/api", "--allow-insecure-loopback",
            "--client-id", "https://app.example.com/client.json", "--output", directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "error: expected the authorization server to accept a client ID metadata document (client_id_metadata_document_supported), found it does not say so [fetch-failed]"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
