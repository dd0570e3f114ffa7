import Foundation
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import TestSupport

/// A token endpoint on 127.0.0.1 that rotates refresh tokens and, like django-oauth-toolkit and
/// Okta, treats a reused one as theft (`invalid_grant`): what shared-store tests refresh against.
public struct RotatingTokenServer: Sendable {
    /// The token endpoint: each refresh token works once, and is slow enough that sessions overlap.
    public final class Endpoint: @unchecked Sendable {
        // @unchecked: `used` and `issued` are only touched under `lock`.
        private let lock = NSLock()
        private var used: Set<String> = []
        private var issued = 1
        private var propagated: [String] = []
        /// The `expires_in` of every response.
        public let expiresIn: Int
        /// The refreshes answered with new tokens.
        public var refreshes: Int { lock.withLock { issued - 1 } }
        /// The `traceparent` header of each request that carried one (W3C Trace Context).
        public var traceparents: [String] { lock.withLock { propagated } }

        init(expiresIn: Int) {
            self.expiresIn = expiresIn
        }

        /// The answer to one token request.
        public func answer(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
            let form = String(decoding: request.body, as: UTF8.self).split(separator: "&").reduce(
                into: [String: String]()
            ) { form, pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { form[parts[0]] = parts[1].removingPercentEncoding }
            }
            Thread.sleep(forTimeInterval: 0.2)
            return lock.withLock {
                if let traceparent = request.headers["traceparent"] { propagated.append(traceparent) }
                guard let token = form["refresh_token"], !used.contains(token), token == "RT-\(issued)" else {
                    return .json(#"{"error":"invalid_grant"}"#, status: 400)
                }
                used.insert(token)
                issued += 1
                return .json(
                    #"{"access_token":"AT-\#(issued)","refresh_token":"RT-\#(issued)","token_type":"Bearer","expires_in":\#(expiresIn)}"#
                )
            }
        }
    }

    /// The endpoint's state.
    public let endpoint: Endpoint
    /// The server on 127.0.0.1.
    public let server: LocalHTTPServer
    /// The token endpoint's URL.
    public var tokenURL: URL { URL(string: "\(server.origin)/token")! }

    /// A server whose tokens live `expiresIn` seconds.
    public init(expiresIn: Int = 3600) throws {
        let endpoint = Endpoint(expiresIn: expiresIn)
        self.endpoint = endpoint
        server = try LocalHTTPServer { endpoint.answer($0) }
    }

    /// A sign-in that expired, whose refresh token is RT-1: what the server refreshes first.
    public static var expiredSignIn: SignInRecord {
        SignIn<DiscoveredProvider>.withoutIDToken(
            TokenSet(accessToken: "AT-1", expiresAt: Date(timeIntervalSinceNow: -10), refreshToken: "RT-1")
        ).record
    }

    /// A session on `store` of client-1 at https://id.example.com, whose token endpoint is `token`.
    public static func session(
        _ store: any TokenStore, token: URL, now: @escaping @Sendable () -> Date = Date.init,
        telemetry: OAuthTelemetry = OAuthTelemetry()
    ) throws -> OAuthSession<DiscoveredProvider> {
        let configuration = ProviderConfiguration(
            issuer: "https://id.example.com",
            endpoints: ProviderEndpoints(authorization: URL(string: "https://id.example.com/authorize")!, token: token),
            metadata: ProviderMetadata(kind: .oauth2),
            client: ClientRegistration(clientID: "client-1", redirectURIs: [URL(string: "com.example.app:/cb")!]))
        return OAuthSession(
            client: try OAuthClient<DiscoveredProvider>(
                configuration: configuration, options: ClientOptions(allowInsecureLoopback: true, telemetry: telemetry)),
            store: store, now: now)
    }
}
