import Foundation
internal import OAuthLocking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MCP
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
/// The MCP Swift SDK's `HTTPClientAuthorizer`, backed by oauthgen's `ProtectedResourceSession`:
/// `HTTPClientTransport(endpoint:authorizer:)` then gets discovery from the server's 401 (RFC
/// 9728), registration (pre-registered, a metadata document, or RFC 7591 kept in the store), the
/// app's user agent (loopback, custom scheme or claimed https), any `TokenStore`, cross-process
/// refresh, the `iss` check, tokens bound to the server (RFC 8707) and step-up on
/// `insufficient_scope` — with the session's interaction policy deciding whether a sign-in may
/// open anything.
///
/// ```swift
/// let authorizer = ProtectedResourceAuthorizer(session: ProtectedResourceSession(
///     resource: serverURL,
///     signIn: BrowserSignIn(
///         client: .dynamic(clientName: "My Agent"),
///         redirectURI: try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!),
///         userAgent: LoopbackUserAgent()),
///     store: FileTokenStore(path: path)))
/// let transport = HTTPClientTransport(endpoint: serverURL, authorizer: authorizer)
/// ```
///
/// What the SDK's transport cannot promise, whatever the authorizer does — use
/// ``ProtectedResourceTransport`` where any of it matters (agents, command-line tools, Linux):
/// - On Linux it cannot read server-sent events, the default answer of the Python, TypeScript and
///   Go MCP servers: the call waits forever unless the server answers POSTs with JSON.
/// - Its `URLSession` follows redirects, with the `Authorization` header, and the SDK offers no
///   way to refuse them.
/// - It sets only the `Authorization` header, so DPoP-bound tokens, which need a proof header on
///   every request, cannot go through it: a server that requires them is refused with a message
///   saying so.
public final class ProtectedResourceAuthorizer: HTTPClientAuthorizer {
    /// The session that signs in and keeps the tokens.
    public let session: ProtectedResourceSession
    /// A 401 or 403 is handled at most this often per request (a refresh or sign-in, then a
    /// step-up); the session's own bounds make sure neither loops.
    public let maxAuthorizationAttempts: Int
    private let cachedHeader = HeaderCache(nil)
    /// What the last ``prepareAuthorization(for:session:)`` threw, which the SDK swallows.
    private let preparationFailure = LockedBox<(any Error)?>(nil)

    /// An authorizer for `session`'s resource.
    public init(session: ProtectedResourceSession, maxAuthorizationAttempts: Int = 2) {
        self.session = session
        self.maxAuthorizationAttempts = maxAuthorizationAttempts
    }

    /// The server must be the session's resource, over https (http on the loopback address only
    /// when the session allows it): a token never travels in the clear or to another server.
    public func validateEndpointSecurity(for endpoint: URL) throws {
        try EndpointPolicy.requireSecure(
            endpoint, name: "MCP server", allowInsecureLoopback: session.allowInsecureLoopback)
        guard URLOrigin(endpoint) == URLOrigin(session.resource) else {
            throw OAuthError.resourceNotAllowed(endpoint, allowed: URLOrigin(session.resource).map { [$0] } ?? [])
        }
    }

    /// The header the last ``prepareAuthorization(for:session:)`` or challenge produced.
    public func authorizationHeader(for endpoint: URL) -> String? {
        cachedHeader.value
    }

    /// Signs in if needed (when the session's interaction policy allows), refreshes a token about
    /// to expire, and caches the header for ``authorizationHeader(for:)``.
    ///
    /// The SDK ignores what this throws and sends the request anyway; the failure is kept, and
    /// the 401 that follows throws it (``handleChallenge(statusCode:headers:endpoint:operationKey:session:)``)
    /// instead of starting an interactive sign-in: a refresh that failed for the network or the
    /// server opens no browser, once per message or ever.
    public func prepareAuthorization(for endpoint: URL, session _: URLSession) async throws {
        do {
            try await refreshHeader(for: endpoint)
            preparationFailure.value = nil
        } catch {
            preparationFailure.value = error
            throw error
        }
    }

    /// A 401 renews the token (refresh, or a sign-in before any); a 403 `insufficient_scope`
    /// steps up with the union of the scopes. `true` when the request should be sent again. When
    /// ``prepareAuthorization(for:session:)`` failed for this request, its error is thrown.
    public func handleChallenge(
        statusCode: Int, headers: [String: String], endpoint: URL, operationKey _: String?,
        session _: URLSession
    ) async throws -> Bool {
        if let failure = preparationFailure.value { throw failure }
        guard
            let response = HTTPURLResponse(
                url: endpoint, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else { return false }
        guard try await session.handle(response, sent: cachedHeader.value) else { return false }
        try await refreshHeader(for: endpoint)
        return true
    }

    private func refreshHeader(for endpoint: URL) async throws {
        let headers = try await session.authorizationHeaders(method: "POST", url: endpoint)
        if headers.fields["DPoP"] != nil {
            throw OAuthError(
                .invalidConfiguration,
                "expected bearer tokens for \(endpoint.absoluteString), found DPoP-bound ones: the MCP SDK's authorizer sets only the Authorization header, and a DPoP proof must go with every request"
            )
        }
        cachedHeader.value = headers.fields["Authorization"]
    }
}

/// The header `authorizationHeader(for:)` returns without awaiting: the SDK asks for it
/// synchronously, from any thread.
typealias HeaderCache = LockedBox<String?>
