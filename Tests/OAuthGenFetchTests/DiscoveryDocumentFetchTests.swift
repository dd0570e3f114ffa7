import Foundation
import OAuthGenCore
import OAuthGenFetch
import Testing
import TestSupport

/// `oauthgen fetch`'s download as a library, in process, against a real server on 127.0.0.1.
@Suite struct DiscoveryDocumentFetchTests {
    static func fetch(
        _ server: LocalHTTPServer, expectedIssuer: String? = nil
    ) async -> FetchReport<DiscoveryDocumentFetch.Fetched> {
        await DiscoveryDocumentFetch.fetch(
            issuer: server.origin, kind: .openid, expectedIssuer: expectedIssuer, allowInsecureLoopback: true,
            downloader: DocumentDownloader(timeout: 30))
    }

    @Test func theDocumentIsReadWithItsSource() async throws {
        let server = try LocalHTTPServer { request in .json(#"{"issuer": "http://\#(request.headers["host"] ?? "")"}"#)
        }
        defer { server.stop() }
        let report = await Self.fetch(server)
        #expect(report.diagnostics.isEmpty)
        #expect(report.value?.source == server.origin + "/.well-known/openid-configuration")
    }

    /// OIDC Discovery §4.3: the document's issuer is the one asked for, exactly.
    @Test func anotherIssuerIsADiagnosticAtTheMember() async throws {
        let server = try LocalHTTPServer { _ in .json(#"{"issuer": "https://evil.example"}"#) }
        defer { server.stop() }
        let report = await Self.fetch(server)
        #expect(report.value == nil)
        #expect(report.diagnostics.map(\.rule) == [.discoveryIssuerMismatch])
        #expect(
            report.diagnostics.first?.location
                == SourceLocation(file: server.origin + "/.well-known/openid-configuration", line: 1, column: 12))
    }

    /// A document pinned from wherever a redirect points would be trusted at every build.
    @Test func aRedirectIsRefused() async throws {
        let server = try LocalHTTPServer { _ in
            .redirect(to: "https://elsewhere.example/.well-known/openid-configuration")
        }
        defer { server.stop() }
        let report = await Self.fetch(server)
        #expect(report.value == nil)
        #expect(report.diagnostics.first?.rule == .fetchFailed)
        #expect(
            report.diagnostics.first?.message.contains(
                "redirecting to 'https://elsewhere.example/.well-known/openid-configuration'") == true)
    }
}
