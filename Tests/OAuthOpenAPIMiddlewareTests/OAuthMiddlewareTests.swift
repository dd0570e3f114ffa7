import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import OAuthOpenAPIMiddleware
@_spi(Testing) import OAuthRuntime
import OpenAPIRuntime
import Testing
import TestSupport

/// The middleware in front of a real API: a resource server on 127.0.0.1 that checks every token
/// at django-oauth-toolkit's introspection endpoint (RFC 7662), with a real sign-in.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct OAuthMiddlewareTests {
    /// `Tests/Support/django-provider/resource_server.py`, started for this suite's test.
    struct ResourceServer {
        let process: Process
        let port: Int

        init(provider: DjangoProvider.Instance) throws {
            (process, port) = try startScript(
                "django-provider/resource_server.py", named: "the resource server", python: provider.python,
                arguments: [
                    provider.issuer + "/introspect/", "oauthgen-resource-server", "resource-server-secret",
                ])
        }

        func stop() { process.end() }
    }

    /// What an OpenAPI transport does with a request: here through URLSession, redirects and all
    /// as a generated client's transport would send it.
    @Sendable static func send(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        var urlRequest = URLRequest(url: URL(string: baseURL.absoluteString + (request.path ?? ""))!)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields { urlRequest.setValue(field.value, forHTTPHeaderField: field.name.rawName) }
        let (data, response) = try await URLSession.shared.data(for: urlRequest)
        let http = response as! HTTPURLResponse
        var fields = HTTPFields()
        for (name, value) in http.allHeaderFields {
            guard let text = name as? String, let field = HTTPField.Name(text) else { continue }
            fields[field] = value as? String
        }
        return (
            HTTPTypes.HTTPResponse(status: HTTPTypes.HTTPResponse.Status(code: http.statusCode), headerFields: fields),
            HTTPBody(data)
        )
    }

    @Test func aGeneratedClientsRequestsCarryTheTokenAndARevokedOneIsRefreshedOnce() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ResourceServer(provider: provider)
        defer { api.stop() }
        let configuration = try await ProviderConfiguration.discovered(issuer: provider.issuer)
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(clientID: provider.noConsentClientID, allowInsecureLoopback: true))
        let session = OAuthSession(client: client)
        let agent = LoopbackUserAgent(
            browserCommand: [provider.python, provider.driver, "--username", "quentin"], timeout: 60)
        try await session.signIn(
            with: agent, redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
            scopes: ["openid"])

        let middleware = OAuthMiddleware(session: session, serverURL: URL(string: "http://127.0.0.1:\(api.port)")!)
        let baseURL = URL(string: "http://127.0.0.1:\(api.port)")!
        let request = HTTPTypes.HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/me")
        let (first, firstBody) = try await middleware.intercept(
            request, body: nil, baseURL: baseURL, operationID: "me", next: Self.send)
        #expect(first.status == .ok)
        let me = try await String(collecting: try #require(firstBody), upTo: 4096)
        #expect(me.contains("\"username\": \"quentin\""), "\(me)")

        // An access token the provider no longer knows (revoked elsewhere, its database restored)
        // that the app still thinks valid: the API says invalid_token; the middleware refreshes
        // once, with the real refresh token, and sends the request again.
        let signIn = try #require(try await session.currentSignIn())
        var stale = signIn.tokens
        stale.accessToken = "revoked-elsewhere"
        let staleSession = OAuthSession(
            client: client, store: MemoryTokenStore(SignInRecord(tokens: stale, idToken: signIn.idToken)))
        let (second, _) = try await OAuthMiddleware(session: staleSession, serverURL: baseURL).intercept(
            request, body: nil, baseURL: baseURL, operationID: "me", next: Self.send)
        #expect(second.status == .ok)
        #expect(await staleSession.refreshCount == 1)
        #expect(try await staleSession.currentSignIn()?.tokens.accessToken != "revoked-elsewhere")
        // Three requests reached the API, each with a bearer token: one, then a refused one and its retry.
        let (log, _) = try await Self.send(
            HTTPTypes.HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/requests"), body: nil,
            baseURL: baseURL)
        #expect(log.status == .ok)
    }
}

extension ProviderConfiguration {
    /// The provider's discovery document, fetched, with the endpoints only its RFC 8414 metadata
    /// lists (the toolkit's revocation endpoint).
    static func discovered(issuer: String) async throws -> ProviderConfiguration {
        let transport = URLSessionTransport()
        let url = ProviderConfiguration.openIDConfigurationURL(forIssuer: URL(string: issuer)!)
        var configuration = try ProviderConfiguration(
            discoveryDocument: try await transport.send(OAuthRuntime.HTTPRequest(method: "GET", url: url)).body,
            expectedIssuer: issuer)
        let metadata = try #require(
            ProviderConfiguration.authorizationServerMetadataURL(forIssuer: URL(string: issuer)!))
        configuration.merge(
            authorizationServerMetadata: try await transport.send(
                OAuthRuntime.HTTPRequest(method: "GET", url: metadata)
            ).body)
        return configuration
    }
}
