import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import OAuthOpenAPIMiddleware
import OAuthRuntime
import OpenAPIRuntime
import Testing
import TestSupport

/// Where the middleware's token goes when an API answers with a redirect, or a request names
/// another server (hardening 3, item 1): two real servers on 127.0.0.1, one the API, one
/// another origin that records what reaches it.
@Suite struct RedirectTests {
    /// A session holding a valid access token, for requests that need no refresh.
    static func session(allowedResourceOrigins: [URL]? = nil) throws -> OAuthSession<DiscoveredProvider> {
        let configuration = ProviderConfiguration(
            issuer: "https://id.example.com",
            endpoints: ProviderEndpoints(
                authorization: URL(string: "https://id.example.com/authorize")!,
                token: URL(string: "https://id.example.com/token")!),
            metadata: ProviderMetadata(kind: .oauth2), client: ClientRegistration(clientID: "client-1"))
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
        let tokens = TokenSet(
            accessToken: "access-token-1", expiresAt: Date().addingTimeInterval(3600), refreshToken: "refresh-token-1")
        return OAuthSession(
            client: client, store: MemoryTokenStore(SignInRecord(tokens: tokens, idToken: nil)),
            allowedResourceOrigins: allowedResourceOrigins)
    }

    static let request = HTTPTypes.HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/api/me")

    @Test func aRedirectToAnotherOriginComesBackAndTheTokenNeverArrivesThere() async throws {
        let elsewhere = try LocalHTTPServer { _ in .json("{}") }
        let api = try LocalHTTPServer { _ in .redirect(to: "\(elsewhere.origin)/collect", status: 302) }
        let server = URL(string: api.origin)!
        let middleware = OAuthMiddleware(session: try Self.session(), serverURL: server)
        let transport = RedirectRefusingTransport()
        let (response, _) = try await middleware.intercept(Self.request, body: nil, baseURL: server, operationID: "me")
        { request, body, baseURL in
            try await transport.send(request, body: body, baseURL: baseURL, operationID: "me")
        }
        #expect(response.status.code == 302)
        #expect(response.headerFields[.location] == "\(elsewhere.origin)/collect")
        #expect(
            api.requests.first?.headers.first { $0.key.lowercased() == "authorization" }?.value
                == "Bearer access-token-1")
        #expect(elsewhere.requests.isEmpty)
    }

    /// What the documentation warns of: a `URLSession` transport of the app's own follows the
    /// redirect with the token. The middleware cannot see that happen; the transport above exists
    /// for it.
    @Test func aURLSessionTransportOfTheAppsOwnWouldFollowIt() async throws {
        let elsewhere = try LocalHTTPServer { _ in .json("{}") }
        let api = try LocalHTTPServer { _ in .redirect(to: "\(elsewhere.origin)/collect", status: 302) }
        var request = URLRequest(url: URL(string: "\(api.origin)/api/me")!)
        request.setValue("Bearer access-token-1", forHTTPHeaderField: "Authorization")
        _ = try await URLSession.shared.data(for: request)
        let followed = try #require(elsewhere.requests(to: "/collect").first)
        #expect(followed.headers.first { $0.key.lowercased() == "authorization" }?.value == "Bearer access-token-1")
    }

    @Test func aBaseURLTheMiddlewareWasNotMadeForGetsNoToken() async throws {
        let elsewhere = try LocalHTTPServer { _ in .json("{}") }
        let api = try LocalHTTPServer { _ in .json("{}") }
        let middleware = OAuthMiddleware(session: try Self.session(), serverURL: URL(string: "\(api.origin)/v1")!)
        let transport = RedirectRefusingTransport()
        for base in [elsewhere.origin, api.origin.replacingOccurrences(of: "127.0.0.1", with: "localhost")] {
            await #expect {
                _ = try await middleware.intercept(
                    Self.request, body: nil, baseURL: URL(string: base)!, operationID: "me"
                ) { request, body, baseURL in
                    try await transport.send(request, body: body, baseURL: baseURL, operationID: "me")
                }
            } throws: { ($0 as? OAuthError)?.kind == .resourceNotAllowed }
        }
        #expect(elsewhere.requests.isEmpty)
        // The same origin under another path prefix is the server it was made for.
        let (response, _) = try await middleware.intercept(
            Self.request, body: nil, baseURL: URL(string: "\(api.origin)/v2")!, operationID: "me"
        ) { request, body, baseURL in
            try await transport.send(request, body: body, baseURL: baseURL, operationID: "me")
        }
        #expect(response.status == .ok)
    }

    /// The session's own allow-list: a link from an API response cannot take the token elsewhere.
    @Test func theSessionSendsItsTokenOnlyToTheOriginsItWasMadeFor() async throws {
        let elsewhere = try LocalHTTPServer { _ in .json("{}") }
        let api = try LocalHTTPServer { _ in .json("{}") }
        let session = try Self.session(allowedResourceOrigins: [URL(string: api.origin)!])
        _ = try await session.data(for: URLRequest(url: URL(string: "\(api.origin)/items?page=2")!))
        await #expect {
            _ = try await session.data(for: URLRequest(url: URL(string: "\(elsewhere.origin)/items?page=3")!))
        } throws: {
            ($0 as? OAuthError)?.kind == .resourceNotAllowed && "\($0)".contains(elsewhere.origin + "/items?…")
        }
        #expect(api.requests.count == 1)
        #expect(elsewhere.requests.isEmpty)
    }
}
