import Foundation
import OAuthGenCore
import OAuthGenFetch
import Testing
import TestSupport

/// `init --resource`'s discovery as a library, in process, against a real server on 127.0.0.1:
/// what it finds, and each refusal as a diagnostic with its rule and its place in the document
/// (the URL stands in for the file), where the command used to print and exit.
@Suite struct ResourceMetadataFetchTests {
    /// A resource at `/mcp` whose 401 names its metadata, and its server at the origin: the least
    /// each spec asks (RFC 9728 §2: `resource` and, for a client to go on, `authorization_servers`;
    /// RFC 8414 §2 and the MCP spec's PKCE rule for the server). `resource` and `server` replace a
    /// document's members, given the origin.
    static func serve(
        resource: @escaping @Sendable (String) -> String = {
            #"{"resource": "\#($0)/mcp", "authorization_servers": ["\#($0)"]}"#
        },
        server: @escaping @Sendable (String) -> String? = { origin in
            #"{"issuer": "\#(origin)", "authorization_endpoint": "\#(origin)/authorize", "token_endpoint": "\#(origin)/token", "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}"#
        }
    ) throws -> LocalHTTPServer {
        try LocalHTTPServer { request in
            let origin = "http://" + (request.headers["host"] ?? "")
            switch request.path {
            case "/mcp":
                return LocalHTTPServer.Response(
                    status: 401,
                    headers: [
                        "WWW-Authenticate":
                            #"Bearer resource_metadata="\#(origin)/.well-known/oauth-protected-resource/mcp", scope="tools""#
                    ])
            case "/.well-known/oauth-protected-resource/mcp": return .json(resource(origin))
            case "/.well-known/oauth-authorization-server": return server(origin).map { .json($0) } ?? .notFound
            default: return .notFound
            }
        }
    }

    static func fetch(_ server: LocalHTTPServer) async -> FetchReport<ResourceMetadataFetch.Found> {
        await ResourceMetadataFetch.fetch(
            resource: server.origin + "/mcp", allowInsecureLoopback: true, downloader: DocumentDownloader(timeout: 30))
    }

    @Test func theLeastTheSpecsAllowIsFound() async throws {
        let server = try Self.serve()
        defer { server.stop() }
        let report = await Self.fetch(server)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let found = try #require(report.value)
        #expect(found.issuer == server.origin)
        #expect(found.resourceMetadataURL == server.origin + "/.well-known/oauth-protected-resource/mcp")
        #expect(!found.isOpenIDConnect)
        #expect(found.signInScopes == ["tools"])
        #expect(found.scopesFromChallenge)
        #expect(!found.acceptsMetadataDocuments)
        // The challenge named the document: no well-known guess was asked for.
        #expect(server.requests(to: "/.well-known/oauth-protected-resource").isEmpty)
    }

    /// RFC 9728 §3.3: another resource's metadata is refused, at the member in the document.
    @Test func anotherResourcesMetadataIsADiagnosticAtItsMember() async throws {
        let server = try Self.serve(resource: {
            #"{"authorization_servers": ["\#($0)"],"# + "\n" + #" "resource": "https://evil.example/mcp"}"#
        })
        defer { server.stop() }
        let report = await Self.fetch(server)
        #expect(report.value == nil)
        let error = try #require(report.diagnostics.first { $0.severity == .error })
        #expect(error.rule == .resourceIdentifier)
        #expect(
            error.location
                == SourceLocation(
                    file: server.origin + "/.well-known/oauth-protected-resource/mcp", line: 2, column: 14))
        #expect(error.message.contains("RFC 9728 §3.3"), "\(error.message)")
        // Nothing was asked of a server it names.
        #expect(server.requests(to: "/.well-known/oauth-authorization-server").isEmpty)
    }

    /// The MCP spec's PKCE rule: a server that does not list S256 is refused before anything is pinned.
    @Test func aServerWithoutS256IsADiagnostic() async throws {
        let server = try Self.serve(server: {
            #"{"issuer": "\#($0)", "authorization_endpoint": "\#($0)/a", "token_endpoint": "\#($0)/t"}"#
        })
        defer { server.stop() }
        let report = await Self.fetch(server)
        #expect(report.value == nil)
        #expect(report.diagnostics.map(\.rule) == [.discoveryNoS256])
        #expect(report.diagnostics.first?.location?.file == server.origin + "/.well-known/oauth-authorization-server")
    }

    /// No server metadata anywhere: the walk's stop, said as the runtime says it.
    @Test func noServerMetadataIsFetchFailed() async throws {
        let server = try Self.serve(server: { _ in nil })
        defer { server.stop() }
        let report = await Self.fetch(server)
        #expect(report.value == nil)
        let error = try #require(report.diagnostics.first)
        #expect(error.rule == .fetchFailed)
        #expect(
            error.message
                == "expected authorization server metadata for \(server.origin) (RFC 8414, OpenID Connect Discovery), found "
                + "HTTP 404 at \(server.origin)/.well-known/oauth-authorization-server; HTTP 404 at \(server.origin)/.well-known/openid-configuration"
        )
    }

    /// The loopback exception is the caller's to grant: without it, the resource is refused before any request.
    @Test func httpWithoutTheLoopbackFlagIsRefusedBeforeAnyRequest() async throws {
        let server = try Self.serve()
        defer { server.stop() }
        let report = await ResourceMetadataFetch.fetch(
            resource: server.origin + "/mcp", allowInsecureLoopback: false, downloader: DocumentDownloader())
        #expect(report.value == nil)
        #expect(report.diagnostics.map(\.rule) == [.fetchResourceInvalid])
        #expect(server.requests(to: "/mcp").isEmpty)
    }
}
