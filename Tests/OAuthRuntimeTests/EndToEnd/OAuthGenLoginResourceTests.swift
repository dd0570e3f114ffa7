import Foundation
import TestSupport
import Testing

/// `oauthgen-login --resource`: from a protected API's URL alone — no issuer, no client ID — to
/// a call it answers, against django-oauth-toolkit and `protected_api.py`, through the headless
/// browser.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct OAuthGenLoginResourceTests {
    func login(
        _ api: ProtectedAPI, _ extra: [String], username: String = "peggy", browser: String? = nil
    ) async throws -> (ProcessRunner.Run, [String: Any]) {
        let provider = try DjangoProvider.instance()
        let run = try await Binaries.run(
            "oauthgen-login",
            [
                "--resource", api.resource, "--allow-insecure-loopback", "--json", "--timeout", "30",
                "--browser-command", browser ?? provider.browserCommand + " --username \(username)",
            ] + extra)
        let report = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:]
        return (run, report)
    }

    /// Dynamic registration (RFC 7591), the token bound to the resource (RFC 8707: the API
    /// refuses a token whose introspected `aud` is not its identifier), and a second run that
    /// reuses both the registration and the sign-in from the store, opening no browser.
    @Test func dynamicRegistrationThenTheStoredSignInAndRegistration() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let store = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-resource-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: store) }

        let (first, report) = try await login(api, ["--store", store])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(report["registration"] as? String == "dynamic")
        #expect(Set(report.keys) == CommandLineDocument.jsonFields(.resource))
        #expect(report["resource"] as? String == api.resource)
        #expect(report["authorization_server"] as? String == provider.issuer)
        #expect(report["resource_status"] as? Int == 200)
        #expect(report["scope"] as? String == "read")
        #expect(report["registration_reused"] as? Bool == false)
        #expect(report["sign_in_reused"] as? Bool == false)
        let clientID = try #require(report["client_id"] as? String)
        #expect(!clientID.isEmpty && clientID != provider.clientID)
        let calls = try api.requests()
        // The unauthenticated probe, then the call with a token bound to this resource.
        #expect(calls.first?["scheme"] is NSNull)
        #expect(calls.last?["aud"] as? [String] == [api.resource])

        // The registration access token is a secret: in a 0600 file in the store's folder, named
        // for its server, never on the terminal.
        let folder = (store as NSString).appendingPathComponent("registrations")
        let registrationFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
        #expect(
            registrationFile.hasPrefix("dynamic-at-127.0.0.1-\(URL(string: provider.issuer)?.port ?? 0)"),
            "\(registrationFile)")
        let registrationPath = (folder as NSString).appendingPathComponent(registrationFile)
        #expect(try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: registrationPath)[.posixPermissions] as? Int == 0o600)
        let stored = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: registrationPath)))
                as? [String: Any])
        let registrationToken = try #require(stored["registrationAccessToken"] as? String)
        let again = try await login(api, ["--store", store], browser: "/bin/false")
        #expect(again.0.status == 0, "\(again.0.stderr)")
        #expect(again.1["client_id"] as? String == clientID)
        #expect(again.1["registration_reused"] as? Bool == true)
        #expect(again.1["sign_in_reused"] as? Bool == true)
        #expect(again.1["resource_status"] as? Int == 200)
        for output in [first.stdout, first.stderr, again.0.stdout, again.0.stderr] {
            #expect(!output.contains(registrationToken))
        }
    }

    /// A Client ID Metadata Document: the client ID is an https URL whose document the server
    /// fetches (here from the API's port, over http, by the test fetcher).
    @Test func aClientIDMetadataDocument() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let clientID = try api.publishClientMetadata(
            name: "cimd-\(UUID().uuidString.prefix(8))", redirectURIs: ["http://127.0.0.1/callback"])
        let (run, report) = try await login(api, ["--client-id", clientID], username: "quentin")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(report["registration"] as? String == "metadata-document")
        #expect(report["client_id"] as? String == clientID)
        #expect(report["resource_status"] as? Int == 200)
    }

    /// The API needs `read write` but its 401 names only `read`: the 403 insufficient_scope
    /// makes the client sign in again, once, with both.
    @Test func insufficientScopeStepsUpOnce() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider, requiredScopes: ["read", "write"])
        defer { api.stop() }
        let (run, report) = try await login(api, [], username: "rupert")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(report["stepped_up"] as? Bool == true)
        #expect(report["resource_status"] as? Int == 200)
        #expect(Set((report["scope"] as? String ?? "").split(separator: " ")) == ["read", "write"])
        let scopes = try api.requests().compactMap { $0["scope"] as? [String] }
        #expect(scopes.map(Set.init) == [["read"], ["read", "write"]])
    }

    /// RFC 9728 §3.3: metadata for another resource is not used. The API's 401 for `/api?x=1`
    /// names the metadata of `/api`.
    @Test func metadataForAnotherResourceIsRefused() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let run = try await Binaries.run(
            "oauthgen-login",
            ["--resource", api.resource + "?x=1", "--allow-insecure-loopback", "--browser-command", "/bin/false"])
        #expect(run.status == 1)
        #expect(
            run.stderrWithoutProgress
                == "error: in the protected resource metadata at http://127.0.0.1:\(api.port)/.well-known/oauth-protected-resource/api: expected \"resource\" to be \"\(api.resource)?x=1\" exactly, the URL the metadata was looked up for (RFC 9728 §3.3), found \"\(api.resource)\"\n",
            "\(run.stderr)")
    }
}
