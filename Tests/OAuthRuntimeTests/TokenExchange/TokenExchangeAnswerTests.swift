import Foundation
import OAuthPolicy
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport

/// What the peers never do, from a scripted token endpoint on a real socket: an answer of another
/// token type than asked, one without `issued_token_type`, a server whose metadata does not list
/// the grant, and a request the client must not send.
@Suite struct TokenExchangeAnswerTests {
    static let request = TokenExchangeRequest(
        subjectToken: "ID-TOKEN-VALUE", subjectTokenType: .idToken, requestedTokenType: .idJAG,
        audience: ["https://as.example"], resources: [URL(string: "https://mcp.example/mcp")!])

    func client(
        _ server: LocalHTTPServer,
        grantTypes: [String]? = [ExtensionGrant.tokenExchange.rawValue, ExtensionGrant.jwtBearer.rawValue]
    )
        throws -> OAuthClient<DiscoveredProvider>
    {
        var configuration = testConfiguration(issuer: server.origin, kind: .oauth2)
        configuration.endpoints.token = URL(string: server.origin + "/token")!
        configuration.endpoints.jwks = nil
        configuration.metadata.grantTypesSupported = grantTypes
        return try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(clientID: "agent", allowInsecureLoopback: true))
    }

    @Test func anotherIssuedTypeThanAskedIsRefused() async throws {
        let server = try LocalHTTPServer { _ in
            .json(
                #"{"access_token": "x", "issued_token_type": "urn:ietf:params:oauth:token-type:access_token", "token_type": "Bearer"}"#
            )
        }
        let error = await #expect(throws: OAuthError.self) { _ = try await client(server).exchangeToken(Self.request) }
        #expect(error?.kind == .invalidTokenResponse)
        #expect(
            error?.message
                == #"expected a token response per RFC 6749 §5.1, found the issued token type "urn:ietf:params:oauth:token-type:access_token" where urn:ietf:params:oauth:token-type:id-jag was requested"#
        )
    }

    @Test func anAnswerWithoutItsIssuedTypeIsRefused() async throws {
        let server = try LocalHTTPServer { _ in .json(#"{"access_token": "x", "token_type": "N_A"}"#) }
        let error = await #expect(throws: OAuthError.self) { _ = try await client(server).exchangeToken(Self.request) }
        #expect(error?.message.hasSuffix(#"no "issued_token_type" (RFC 8693 §2.2.1 requires it)"#) == true)
    }

    /// The request's parameters as sent, each once; the subject token never in a description.
    @Test func theRequestCarriesEachPartOnce() async throws {
        let server = try LocalHTTPServer { _ in
            .json(
                #"{"access_token": "GRANT", "issued_token_type": "urn:ietf:params:oauth:token-type:id-jag", "token_type": "N_A", "expires_in": 300}"#
            )
        }
        let exchanged = try await client(server).exchangeToken(Self.request, now: Date(timeIntervalSince1970: 0))
        #expect(exchanged.expiresAt == Date(timeIntervalSince1970: 300))
        let form = FormEncoding.decode(String(decoding: try #require(server.requests.first).body, as: UTF8.self))
        #expect(
            form.map(\.0) == [
                "grant_type", "subject_token", "subject_token_type", "requested_token_type", "audience", "resource",
                "client_id",
            ])
        #expect(!"\(Self.request)".contains("ID-TOKEN-VALUE"))
        #expect(!"\(exchanged)".contains("GRANT"))
    }

    /// RFC 8414 §2: metadata without `grant_types_supported` means the code and implicit grants
    /// alone; one that lists others without the grant is not asked either.
    @Test(arguments: [nil, ["authorization_code"]] as [[String]?])
    func aServerWhoseMetadataLacksTheGrantIsNotAsked(grantTypes: [String]?) async throws {
        let server = try LocalHTTPServer { _ in .json("{}") }
        let client = try client(server, grantTypes: grantTypes)
        let exchange = await #expect(throws: OAuthError.self) { _ = try await client.exchangeToken(Self.request) }
        #expect(exchange?.kind == .invalidConfiguration)
        #expect(
            exchange?.message.hasPrefix(
                "expected grant_types_supported to list urn:ietf:params:oauth:grant-type:token-exchange") == true)
        let redeem = await #expect(throws: OAuthError.self) { _ = try await client.redeem(assertion: "a.b.c") }
        #expect(
            redeem?.message.hasPrefix(
                "expected grant_types_supported to list urn:ietf:params:oauth:grant-type:jwt-bearer") == true)
        #expect(server.requests.isEmpty)
    }

    @Test func anActorTokenWithoutItsTypeIsNotSent() async throws {
        let server = try LocalHTTPServer { _ in .json("{}") }
        var request = Self.request
        request.actorToken = "ACTOR"
        let error = await #expect(throws: OAuthError.self) { _ = try await client(server).exchangeToken(request) }
        #expect(error?.kind == .invalidRequest)
        #expect(server.requests.isEmpty)
    }
}
