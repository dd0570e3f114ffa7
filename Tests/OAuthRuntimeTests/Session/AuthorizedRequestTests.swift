import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// `authorize(_:)` and `data(for:)` against a real resource server on 127.0.0.1, whose token
/// server rotates refresh tokens.
@Suite struct AuthorizedRequestTests {
    let tokens: RotatingTokenServer
    var endpoint: RotatingTokenServer.Endpoint { tokens.endpoint }
    var tokenServer: LocalHTTPServer { tokens.server }

    init() throws {
        tokens = try RotatingTokenServer()
    }

    func session(_ access: String = "AT-1", expired: Bool = false) async throws -> OAuthSession<DiscoveredProvider> {
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.token = URL(string: "\(tokenServer.origin)/token")!
        let session = OAuthSession(client: try OAuthClient<DiscoveredProvider>(configuration: configuration, allowInsecureLoopback: true))
        try await session.signedIn(.withoutIDToken(TokenSet(accessToken: access, expiresAt: Date(timeIntervalSinceNow: expired ? -10 : 3600), refreshToken: "RT-1")))
        return session
    }

    @Test func aRequestGetsTheBearerTokenAndTheResponseComesBack() async throws {
        let api = try LocalHTTPServer { request in
            request.headers["authorization"] == "Bearer AT-1" ? .json(#"{"ok":true}"#) : LocalHTTPServer.Response(status: 401)
        }
        let (data, response) = try await session().data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)
        #expect(api.requests.count == 1)
    }

    @Test func anInvalidTokenAnswerRefreshesOnceAndRetriesOnce() async throws {
        let api = try LocalHTTPServer { request in
            request.headers["authorization"] == "Bearer AT-2" ? .json("{}")
                : LocalHTTPServer.Response(status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token", error_description="revoked""#])
        }
        let session = try await session()
        let (_, response) = try await session.data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 200)
        #expect(api.requests.map { $0.headers["authorization"] } == ["Bearer AT-1", "Bearer AT-2"])
        #expect(endpoint.refreshes == 1)
    }

    @Test func aTokenRefusedAgainAfterTheRefreshIsTheServersAnswer() async throws {
        let api = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        let (_, response) = try await session().data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 401)
        #expect(api.requests.count == 2)
        #expect(endpoint.refreshes == 1)
    }

    @Test func aRedirectComesBackAsItIsAndIsNotFollowed() async throws {
        let api = try LocalHTTPServer { request in
            request.path == "/me" ? .redirect(to: "/elsewhere") : .json("{}")
        }
        let (_, response) = try await session().data(for: URLRequest(url: URL(string: "\(api.origin)/me")!))
        #expect(response.statusCode == 302)
        #expect(api.requests(to: "/elsewhere").isEmpty)
    }

    @Test func noTokenGoesOverHTTPOffLoopback() async throws {
        let session = try await session()
        var request = URLRequest(url: URL(string: "http://api.example.com/me")!)
        do {
            try await session.authorize(&request)
            Issue.record("expected the http URL to be refused")
        } catch {
            #expect(error.kind == .insecureEndpoint)
        }
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func authorizeRefreshesAnExpiredTokenFirst() async throws {
        let session = try await session(expired: true)
        var request = URLRequest(url: URL(string: "https://api.example.com/me")!)
        try await session.authorize(&request)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer AT-2")
    }
}
