import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import OAuthLocking
import Testing
import TestSupport

/// A resource that asks a client with no user for more (403 `insufficient_scope`): nobody can
/// grant it, so the session ends with `stepUpUnavailable` after the one sign-in, and asks the
/// server nothing more. The resource is a scripted one on 127.0.0.1 that names no scope until it
/// refuses; its authorization server is authlib's (`MachinePeer`), which takes a request without
/// `scope` (RFC 6749 §3.3, the server's default). Seen failing first: authlib refuses a request
/// without `scope` unless the server gives a default, which the peer now does.
@Suite(
    .enabled("needs authlib") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct StepUpWithNoUserTests {
    @Test func aClientCredentialsStepUpIsATypedError() async throws {
        let peer = try MachinePeer(grants: ["client_credentials"])
        defer { peer.stop() }
        let issuer = peer.issuer
        let origin = LockedBox("")
        let resource = try LocalHTTPServer { request in
            if request.path == "/.well-known/oauth-protected-resource/api" {
                return .json(#"{"resource": "\#(origin.value)/api", "authorization_servers": ["\#(issuer)"]}"#)
            }
            guard request.headers["authorization"] != nil else {
                return LocalHTTPServer.Response(
                    status: 401,
                    fields: [
                        .init(
                            "WWW-Authenticate",
                            #"Bearer resource_metadata="\#(origin.value)/.well-known/oauth-protected-resource/api""#)
                    ])
            }
            return LocalHTTPServer.Response(
                status: 403,
                fields: [.init("WWW-Authenticate", #"Bearer error="insufficient_scope", scope="read admin""#)])
        }
        defer { resource.stop() }
        origin.value = resource.origin
        let session = ProtectedResourceSession(
            resource: URL(string: resource.origin + "/api")!,
            signIn: ClientCredentialsIdentity(
                clientID: MachinePeer.clientID, issuer: issuer, clientSecret: MachinePeer.secret),
            options: ClientOptions(allowInsecureLoopback: true),
            policy: ResourceSessionPolicy(interaction: .never))
        let error = await #expect(throws: OAuthError.self) {
            try await session.data(for: URLRequest(url: URL(string: resource.origin + "/api")!))
        }
        #expect(error?.kind == .stepUpUnavailable)
        #expect(error?.description.contains("found it asking for the scopes read admin") == true)
        #expect(peer.requests().map { $0["grant_type"] as? String } == ["client_credentials"])
    }
}
