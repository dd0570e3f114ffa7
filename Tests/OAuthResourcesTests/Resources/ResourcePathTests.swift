import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// Issue 53, H3: the resource's boundary is read on the path every party agrees on, against
/// django-oauth-toolkit and `protected_api.py`.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct ResourcePathTests {
    /// A URL inside the resource by its prefix but outside it once dot segments are removed
    /// (`/api/../other`), or with an encoded `.` or `/` a gateway may decode, is refused before
    /// the prefix is compared, and the server sees no request. Seen failing before:
    /// `/api/../other` passed the prefix check and reached the server as `/other` with the token.
    @Test func aPathThatLeavesTheResourceByItsDotsIsRefused() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let session = ProtectedResourceSession(
            resource: URL(string: api.resource)!,
            signIn: BrowserSignIn(
                client: .dynamic(clientName: "oauthgen tests"),
                redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
                userAgent: LoopbackUserAgent(
                    browserCommand: [provider.python, provider.driver, "--username", "sybil"], timeout: 30)),
            options: ClientOptions(allowInsecureLoopback: true))
        #expect(try await session.data(for: URLRequest(url: URL(string: api.resource)!)).1.statusCode == 200)
        let sent = try api.requests().count
        for path in ["/../other", "/%2e%2e/other", "/..%2fother", "/./x"] {
            let error = await #expect(throws: OAuthError.self) {
                _ = try await session.data(for: URLRequest(url: URL(string: api.resource + path)!))
            }
            #expect(error?.kind == .resourceNotAllowed)
            #expect(error?.message.hasPrefix("expected a path without '.' or '..' segments") == true, "\(path)")
        }
        #expect(try api.requests().count == sent)
    }
}
