import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import OAuthRuntime
@testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// Discovery from a resource over real sockets, with a server that says what django-oauth-toolkit
/// never does: no `resource_metadata`, only the origin's document, an issuer with a path whose
/// metadata is only at the OpenID location, a wrong issuer, a resource that refuses the header.
@Suite struct ResourceDiscoveryTests {
    static func origin(_ request: LocalHTTPServer.Request) -> String { "http://" + (request.headers["host"] ?? "") }

    static func asMetadata(issuer: String, extra: String = #", "code_challenge_methods_supported": ["S256"]"#) -> String
    {
        #"{"issuer": "\#(issuer)", "authorization_endpoint": "\#(issuer)/authorize", "token_endpoint": "\#(issuer)/token", "registration_endpoint": "\#(issuer)/register", "response_types_supported": ["code"]\#(extra)}"#
    }

    @Test func withoutAChallengeTheWellKnownLocationsAndEveryMetadataLocationAreTried() async throws {
        let server = try LocalHTTPServer { request in
            let origin = Self.origin(request)
            switch request.path {
            case "/mcp":
                return LocalHTTPServer.Response(status: 401, headers: ["WWW-Authenticate": #"Bearer realm="mcp""#])
            case "/.well-known/oauth-protected-resource/mcp":
                return .json(
                    #"{"resource": "\#(origin)/mcp", "authorization_servers": ["\#(origin)/tenant"], "scopes_supported": ["files:read"], "bearer_methods_supported": ["header"]}"#
                )
            case "/tenant/.well-known/openid-configuration": return .json(Self.asMetadata(issuer: origin + "/tenant"))
            default: return .notFound
            }
        }
        let resource = URL(string: server.origin + "/mcp")!
        let found = try await ResourceDiscovery.discover(
            resource: resource, transport: URLSessionTransport(), allowInsecureLoopback: true)
        #expect(found.resource.identifier == resource)
        #expect(found.configuration.resource == resource)
        #expect(found.configuration.issuer == server.origin + "/tenant")
        #expect(found.configuration.endpoints.registration?.absoluteString == server.origin + "/tenant/register")
        #expect(found.scopes == ["files:read"])
        #expect(
            server.requests.map(\.path) == [
                "/mcp", "/.well-known/oauth-protected-resource/mcp",
                "/.well-known/oauth-authorization-server/tenant", "/.well-known/openid-configuration/tenant",
                "/tenant/.well-known/openid-configuration",
            ])
        // Nothing but GETs without credentials.
        #expect(server.requests.allSatisfy { $0.method == "GET" && $0.headers["authorization"] == nil })
    }

    /// The origin's document describes the resource whose identifier is the origin; the 401's
    /// `scope` comes before `scopes_supported`; a resource that requires DPoP gets it.
    @Test func theOriginsDocumentTheChallengesScopesAndDPoP() async throws {
        let server = try LocalHTTPServer { request in
            let origin = Self.origin(request)
            switch request.path {
            case "/api":
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token", scope="a b""#])
            case "/.well-known/oauth-protected-resource":
                return .json(
                    #"{"resource": "\#(origin)/", "authorization_servers": ["\#(origin)"], "scopes_supported": ["c"], "dpop_bound_access_tokens_required": true}"#
                )
            case "/.well-known/oauth-authorization-server": return .json(Self.asMetadata(issuer: origin))
            default: return .notFound
            }
        }
        let found = try await ResourceDiscovery.discover(
            resource: URL(string: server.origin + "/api")!, transport: URLSessionTransport(),
            allowInsecureLoopback: true)
        #expect(found.resource.identifier.absoluteString == server.origin + "/")
        #expect(found.scopes == ["a", "b"])
        #expect(found.configuration.quirks.dpop)
        #expect(found.resource.dpopBoundAccessTokensRequired)
    }

    @Test(arguments: [
        (
            #"{"resource": "RESOURCE", "authorization_servers": ["ISSUER"], "bearer_methods_supported": ["body"]}"#,
            #"expected "bearer_methods_supported" to allow "header" (RFC 6750 §2.1), the only way the client sends a token, found "body""#
        ),
        (
            #"{"resource": "RESOURCE"}"#,
            #"expected "authorization_servers" naming the authorization server to sign in with (RFC 9728 §2), found none"#
        ),
        (
            #"{"resource": "RESOURCE", "authorization_servers": ["ISSUER?x=1"]}"#,
            #"expected each of "authorization_servers" to be an issuer identifier, an https URL without query or fragment (RFC 8414 §2), found "ISSUER?x=1", which has a query"#
        ),
        (
            #"{"authorization_servers": ["ISSUER"]}"#,
            #"expected "resource", the resource's identifier (RFC 9728 §2), found none"#
        ),
    ])
    func metadataTheClientCannotFollowIsRefused(document: String, expected: String) async throws {
        let server = try LocalHTTPServer { request in
            let origin = Self.origin(request)
            switch request.path {
            case "/api":
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer resource_metadata="\#(origin)/meta""#])
            case "/meta":
                return .json(
                    document.replacingOccurrences(of: "RESOURCE", with: origin + "/api").replacingOccurrences(
                        of: "ISSUER", with: origin))
            default: return .notFound
            }
        }
        let error = await #expect(throws: OAuthError.self) {
            try await ResourceDiscovery.discover(
                resource: URL(string: server.origin + "/api")!, transport: URLSessionTransport(),
                allowInsecureLoopback: true)
        }
        #expect(error?.kind == .invalidDiscoveryDocument)
        #expect(
            error?.message == "in the protected resource metadata at \(server.origin)/meta: "
                + expected.replacingOccurrences(of: "ISSUER", with: server.origin))
    }

    /// OIDC Discovery §4.3, RFC 8414 §3.3: the issuer the resource named, exactly.
    @Test func anAuthorizationServerStatingAnotherIssuerIsRefused() async throws {
        let server = try LocalHTTPServer { request in
            let origin = Self.origin(request)
            switch request.path {
            case "/api":
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer resource_metadata="\#(origin)/meta""#])
            case "/meta": return .json(#"{"resource": "\#(origin)/api", "authorization_servers": ["\#(origin)/as"]}"#)
            case "/.well-known/oauth-authorization-server/as":
                return .json(Self.asMetadata(issuer: "https://attacker.example"))
            default: return .notFound
            }
        }
        let error = await #expect(throws: OAuthError.self) {
            try await ResourceDiscovery.discover(
                resource: URL(string: server.origin + "/api")!, transport: URLSessionTransport(),
                allowInsecureLoopback: true)
        }
        #expect(error?.kind == .invalidDiscoveryDocument)
        #expect(
            error?.message.hasPrefix("expected the discovery document's issuer to be \"\(server.origin)/as\" exactly")
                == true)
    }

    /// The MCP authorization spec's PKCE rule: an authorization server that does not list S256
    /// (the member absent included) is refused before any registration or browser.
    @Test(arguments: [
        ("", "found the member missing"), (#", "code_challenge_methods_supported": ["plain"]"#, #"found ["plain"]"#),
    ])
    func anAuthorizationServerWithoutS256IsRefusedBeforeRegistering(extra: String, found: String) async throws {
        let server = try LocalHTTPServer { request in
            let origin = Self.origin(request)
            switch request.path {
            case "/api":
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer resource_metadata="\#(origin)/meta""#])
            case "/meta": return .json(#"{"resource": "\#(origin)/api", "authorization_servers": ["\#(origin)"]}"#)
            case "/.well-known/oauth-authorization-server": return .json(Self.asMetadata(issuer: origin, extra: extra))
            default: return .notFound
            }
        }
        let opened = OpenedURLs()
        let session = ProtectedResourceSession(
            resource: URL(string: server.origin + "/api")!,
            signIn: BrowserSignIn(
                client: .dynamic(clientName: "tests"),
                redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                userAgent: opened),
            options: ClientOptions(allowInsecureLoopback: true))
        let error = await #expect(throws: OAuthError.self) {
            try await session.authorizationHeaders(method: "GET", url: URL(string: server.origin + "/api")!)
        }
        #expect(error?.kind == .invalidDiscoveryDocument)
        #expect(
            error?.message.hasPrefix(
                "expected the authorization server \(server.origin) to list \"S256\" in \"code_challenge_methods_supported\", \(found)"
            ) == true,
            "\(error?.message ?? "")")
        #expect(server.requests(to: "/register").isEmpty)
        #expect(opened.urls.isEmpty)
    }

    /// SEP-2207: `offline_access` where the authorization server lists it, never elsewhere,
    /// whatever the resource's challenge or metadata names.
    @Test(arguments: [
        (
            #", "code_challenge_methods_supported": ["S256"], "scopes_supported": ["files", "offline_access"]"#,
            ["files", "offline_access"]
        ),
        (#", "code_challenge_methods_supported": ["S256"], "scopes_supported": ["files"]"#, ["files"]),
    ])
    func offlineAccessOnlyWhereTheServerListsIt(serverMembers: String, expected: [String]) async throws {
        let server = try LocalHTTPServer { request in
            let origin = Self.origin(request)
            switch request.path {
            case "/api":
                return LocalHTTPServer.Response(
                    status: 401,
                    headers: [
                        "WWW-Authenticate": #"Bearer resource_metadata="\#(origin)/meta", scope="files offline_access""#
                    ])
            case "/meta": return .json(#"{"resource": "\#(origin)/api", "authorization_servers": ["\#(origin)"]}"#)
            case "/.well-known/oauth-authorization-server":
                return .json(Self.asMetadata(issuer: origin, extra: serverMembers))
            default: return .notFound
            }
        }
        let found = try await ResourceDiscovery.discover(
            resource: URL(string: server.origin + "/api")!, transport: URLSessionTransport(),
            allowInsecureLoopback: true)
        #expect(found.scopes == expected)
    }

    /// The trailing-slash mistake: the server redirects `/mcp` to `/mcp/`. Nothing is followed,
    /// and the error says where the redirect pointed, which is the URL to use.
    @Test func aRedirectedResourceSaysWhereItPointed() async throws {
        let server = try LocalHTTPServer { request in
            request.path == "/mcp" ? .redirect(to: Self.origin(request) + "/mcp/", status: 307) : .notFound
        }
        let error = await #expect(throws: OAuthError.self) {
            try await ResourceDiscovery.discover(
                resource: URL(string: server.origin + "/mcp")!, transport: URLSessionTransport(),
                allowInsecureLoopback: true)
        }
        #expect(error?.kind == .redirectRefused)
        #expect(
            error?.message
                == "expected the protected resource to answer, found HTTP 307 redirecting to \(server.origin)/mcp/; redirects are never followed, so no credential leaves for another host (if it is the same server, use that URL instead)"
        )
        #expect(server.requests(to: "/mcp/").isEmpty)
    }

    /// The MCP conformance suite's `auth/scope-omitted-when-undefined`: neither the challenge nor
    /// either metadata document names a scope, so the request carries no `scope` at all.
    @Test func noScopeNamedAnywhereSendsNoScope() async throws {
        let server = try LocalHTTPServer { request in
            let origin = Self.origin(request)
            switch request.path {
            case "/mcp":
                return LocalHTTPServer.Response(
                    status: 401, headers: ["WWW-Authenticate": #"Bearer resource_metadata="\#(origin)/meta""#])
            case "/meta": return .json(#"{"resource": "\#(origin)/mcp", "authorization_servers": ["\#(origin)"]}"#)
            case "/.well-known/oauth-authorization-server": return .json(Self.asMetadata(issuer: origin))
            default: return .notFound
            }
        }
        let found = try await ResourceDiscovery.discover(
            resource: URL(string: server.origin + "/mcp")!, transport: URLSessionTransport(),
            allowInsecureLoopback: true)
        #expect(found.scopes.isEmpty)
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: found.configuration, options: ClientOptions(clientID: "c", allowInsecureLoopback: true))
        let request = try await client.authorizationRequest(
            redirectURI: URL(string: "http://127.0.0.1:5000/callback")!,
            scopes: found.scopes.map(ScopeValue.init(rawValue:)))
        let names = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) ?? []
        #expect(!names.contains("scope"))
        #expect(names.contains("resource"))
    }

    @Test func anHTTPResourceNeedsTheLoopbackFlagAndNothingIsSent() async throws {
        let server = try LocalHTTPServer { _ in .notFound }
        let error = await #expect(throws: OAuthError.self) {
            try await ResourceDiscovery.discover(
                resource: URL(string: server.origin + "/api")!, transport: URLSessionTransport())
        }
        #expect(error?.kind == .insecureEndpoint)
        #expect(server.requests.isEmpty)
    }

    /// A resource identifier has no fragment (RFC 9728 §1.2); refused before any request.
    @Test func aResourceWithAFragmentIsRefusedBeforeAnyRequest() async throws {
        let server = try LocalHTTPServer { _ in .notFound }
        let error = await #expect(throws: OAuthError.self) {
            try await ResourceDiscovery.discover(
                resource: URL(string: server.origin + "/api#part")!, transport: URLSessionTransport(),
                allowInsecureLoopback: true)
        }
        #expect(
            error?.message
                == "expected the protected resource to be a valid URL, found \(server.origin)/api#part: expected no fragment ('#') in a server URL (RFC 6749 §3.1)"
        )
        #expect(server.requests.isEmpty)
    }
}
