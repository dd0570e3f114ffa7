import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// The quirk key `tokenRequestParameters`, against a token endpoint shaped like Withings'
/// (developer.withings.com, "Get access token"): it wants `action=requesttoken` on every token
/// request, answers HTTP 200 always, with the tokens under `body` and errors as a `status` and
/// an `error` string, and lists scopes comma-separated.
@Suite struct TokenRequestParametersTests {
    static let answer = #"""
        {"status":0,"body":{"userid":"363","access_token":"at-withings-1","refresh_token":"rt-withings-1","expires_in":10800,"scope":"user.info,user.metrics","csrf_token":"PACnnxwHTaBQOzF7bQqwFUUotIuvtzSM","token_type":"Bearer"}}
        """#
    static let refused = #"{"status":503,"body":{},"error":"Invalid Params: invalid action"}"#

    /// Answers like Withings: tokens only for `action=requesttoken`.
    static func server() throws -> LocalHTTPServer {
        try LocalHTTPServer { request in
            guard request.path == "/v2/oauth2" else { return .notFound }
            let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
            let actions = form.filter { $0.0 == "action" }.map(\.1)
            return .json(actions == ["requesttoken"] ? answer : refused)
        }
    }

    static func client(
        _ server: LocalHTTPServer, parameters: [QuirkParameter]
    ) throws -> OAuthClient<DiscoveredProvider> {
        var configuration = testConfiguration(
            kind: .oauth2,
            quirks: ProviderQuirks(
                scopeSeparator: ",", tokenRequestParameters: parameters,
                tokenResponse: TokenResponseQuirks(errorsWithStatus200: true, nestedIn: ["body"])))
        configuration.endpoints.token = URL(string: "\(server.origin)/v2/oauth2")!
        return try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(clientSecret: "s", allowInsecureLoopback: true))
    }

    static func pending() -> PendingAuthorization<DiscoveredProvider> {
        PendingAuthorization(
            state: "s-1", nonce: nil, pkce: PKCE(), redirectURI: URL(string: "com.example.app:/cb")!,
            issuer: "https://id.example.com",
            clientID: "client-1", scopes: ["user.info"], createdAt: Date())
    }

    @Test func everyTokenRequestCarriesTheParameterAndTheNestedAnswerIsRead() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try Self.client(server, parameters: [QuirkParameter(name: "action", value: "requesttoken")])
        let signIn = try await client.exchange(AuthorizationCode(code: "code-1"), pending: Self.pending())
        #expect(signIn.tokens.accessToken == "at-withings-1")
        #expect(signIn.tokens.refreshToken == "rt-withings-1")
        #expect(signIn.tokens.scopes == ["user.info", "user.metrics"])
        _ = try await client.refresh(signIn)
        let forms = server.requests(to: "/v2/oauth2").map {
            FormEncoding.decode(String(decoding: $0.body, as: UTF8.self))
        }
        #expect(forms.count == 2)
        // After the client's own parameters, once each.
        #expect(forms[0].map(\.0) == ["grant_type", "code", "redirect_uri", "code_verifier", "action"])
        #expect(forms.allSatisfy { form in form.filter { $0.0 == "action" }.map(\.1) == ["requesttoken"] })
        #expect(forms[1].first { $0.0 == "grant_type" }?.1 == "refresh_token")
    }

    @Test func withoutItTheProvidersHTTP200ErrorIsTyped() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try Self.client(server, parameters: [])
        await #expect {
            try await client.exchange(AuthorizationCode(code: "code-1"), pending: Self.pending())
        } throws: {
            let error = $0 as? OAuthError
            return error?.kind == .requestRejected && error?.protocolError?.code == "Invalid Params: invalid action"
                && error?.httpStatus == 200
        }
    }

    @Test(arguments: ["grant_type", "code", "Code_Verifier", "redirect_uri", "client_id", "refresh_token"])
    func aParameterTheClientSetsIsRefused(name: String) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try Self.client(server, parameters: [QuirkParameter(name: name, value: "x")])
        await #expect(
            throws: OAuthError(
                .invalidRequest,
                "expected extra token request parameters the client does not set itself, found \"\(name)\"")
        ) {
            try await client.exchange(AuthorizationCode(code: "code-1"), pending: Self.pending())
        }
        #expect(server.requests(to: "/v2/oauth2").isEmpty)
    }
}
