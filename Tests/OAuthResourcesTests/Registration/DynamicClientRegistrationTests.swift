import Foundation
@testable import OAuthRuntime
@testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// RFC 7591 against a server that answers what django-oauth-toolkit never does: other redirect
/// URIs, an error. (The real registration is in `OAuthGenLoginResourceTests`; per-instance
/// secrets in `RegisteredClientSecretTests`.)
@Suite struct DynamicClientRegistrationTests {
    static func configuration(_ origin: String) -> ProviderConfiguration {
        ProviderConfiguration(
            issuer: origin,
            endpoints: ProviderEndpoints(
                authorization: URL(string: origin + "/authorize")!, token: URL(string: origin + "/token")!,
                registration: URL(string: origin + "/register")!),
            metadata: ProviderMetadata(kind: .oauth2), client: ClientRegistration())
    }

    static let redirect = try! RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)

    func register(
        answering response: LocalHTTPServer.Response
    ) async throws -> (Result<ClientRegistrationRecord, OAuthError>, LocalHTTPServer) {
        try await register { _ in response }
    }

    /// Registers at a server answering `respond(origin)`, its own origin given.
    func register(
        _ respond: @escaping @Sendable (String) -> LocalHTTPServer.Response
    ) async throws -> (Result<ClientRegistrationRecord, OAuthError>, LocalHTTPServer) {
        let server = try LocalHTTPServer { request in respond("http://" + (request.headers["host"] ?? "")) }
        do {
            let record = try await DynamicClientRegistration.register(
                with: Self.configuration(server.origin), redirectURIs: [Self.redirect], clientName: "test",
                scopes: ["read"], transport: URLSessionTransport(), allowInsecureLoopback: true)
            return (.success(record), server)
        } catch {
            return (.failure(error), server)
        }
    }

    @Test func aPublicNativeClientIsAskedForAndKept() async throws {
        let (result, server) = try await register { origin in
            .json(
                #"{"client_id": "dyn-1", "token_endpoint_auth_method": "none", "redirect_uris": ["http://127.0.0.1/callback"], "registration_access_token": "RAT", "registration_client_uri": "\#(origin)/register/dyn-1"}"#,
                status: 201)
        }
        let record = try result.get()
        #expect(record.clientID == "dyn-1")
        #expect(record.method == .dynamic)
        #expect(record.registrationAccessToken == "RAT")
        #expect(record.registrationClientURI?.absoluteString == server.origin + "/register/dyn-1")
        #expect(!record.description.contains("RAT"))
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST" && sent.path == "/register")
        let body = try #require(try JSONSerialization.jsonObject(with: sent.body) as? [String: Any])
        #expect(body["application_type"] as? String == "native")
        #expect(body["token_endpoint_auth_method"] as? String == "none")
        #expect(body["redirect_uris"] as? [String] == ["http://127.0.0.1/callback"])
        #expect(body["grant_types"] as? [String] == ["authorization_code", "refresh_token"])
        #expect(body["scope"] as? String == "read")
    }

    /// RFC 7592's client configuration URI is kept only on the registration endpoint's origin, and
    /// the registration access token goes nowhere else: a record naming another origin (one kept
    /// before this check) is refused before anything is sent (issue 45, G7: the DELETE went, with
    /// the token, to whatever URL the server named; seen failing so before the check).
    @Test func theRegistrationAccessTokenGoesToTheRegistrationEndpointsOriginOnly() async throws {
        let elsewhere = try LocalHTTPServer { _ in LocalHTTPServer.Response(status: 204) }
        defer { elsewhere.stop() }
        let (result, server) = try await register { _ in
            .json(
                #"{"client_id": "dyn-2", "token_endpoint_auth_method": "none", "registration_access_token": "RAT-2", "registration_client_uri": "\#(elsewhere.origin)/steal"}"#,
                status: 201)
        }
        defer { server.stop() }
        let record = try result.get()
        #expect(record.registrationClientURI == nil)
        #expect(
            try await DynamicClientRegistration.delete(
                record, transport: URLSessionTransport(), allowInsecureLoopback: true) == false)
        var kept = record
        kept.registrationClientURI = URL(string: elsewhere.origin + "/steal")
        kept.authorizationServer = Self.configuration(server.origin)
        let error = await #expect(throws: OAuthError.self) {
            try await DynamicClientRegistration.delete(
                kept, transport: URLSessionTransport(), allowInsecureLoopback: true)
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func otherRedirectURIsAreRefused() async throws {
        let (redirects, _) = try await register(
            answering: .json(#"{"client_id": "dyn-1", "redirect_uris": ["http://127.0.0.1/other"]}"#, status: 201))
        #expect(redirects.failure?.kind == .invalidRegistration)
        let (noID, _) = try await register(answering: .json(#"{"token_endpoint_auth_method": "none"}"#, status: 201))
        #expect(noID.failure?.message == #"expected a "client_id" the client can send (RFC 7591 §3.2.1), found none"#)
    }

    @Test func theServersErrorIsTyped() async throws {
        let (result, _) = try await register(
            answering: .json(#"{"error": "invalid_redirect_uri", "error_description": "no"}"#, status: 400))
        #expect(result.failure?.kind == .requestRejected)
        #expect(result.failure?.protocolError?.code == "invalid_redirect_uri")
    }

    @Test func noRegistrationEndpointIsAMissingEndpoint() async throws {
        var configuration = Self.configuration("https://as.example")
        configuration.endpoints.registration = nil
        let error = await #expect(throws: OAuthError.self) {
            try await DynamicClientRegistration.register(
                with: configuration, redirectURIs: [Self.redirect], clientName: "t", transport: URLSessionTransport())
        }
        #expect(error?.kind == .missingEndpoint)
    }
}
