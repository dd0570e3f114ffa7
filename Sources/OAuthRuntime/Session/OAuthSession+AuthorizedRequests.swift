import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension OAuthSession {
    /// Adds the sign-in's access token to `request` for the app's own API: `Authorization:
    /// Bearer …`, or for DPoP-bound tokens `Authorization: DPoP …` and a proof made for exactly
    /// this method and URL. The token is refreshed first if it is about to expire.
    ///
    /// - Throws: ``OAuthError/Kind/insecureEndpoint`` for a URL that is not https (http only on
    ///   127.0.0.1 or [::1], and only for a client made with `allowInsecureLoopback`): a token
    ///   never travels in the clear.
    public func authorize(_ request: inout URLRequest) async throws(OAuthError) {
        guard let url = request.url else { throw OAuthError(.invalidRequest, "expected a request with a URL, found none") }
        let headers = try await validAuthorizationHeaders(method: request.httpMethod ?? "GET", url: url)
        for (name, value) in headers.fields { request.setValue(value, forHTTPHeaderField: name) }
    }

    /// Sends `request` to the app's own API with the sign-in's access token (``authorize(_:)``),
    /// through the client's transport: no redirect is followed (a 3xx comes back as it is) and the
    /// body is read up to the transport's limit.
    ///
    /// Once, when the server asks for a DPoP nonce (401 `use_dpop_nonce`, RFC 9449 §9), the
    /// request is sent again with a proof carrying it; once, when it says the token is no good
    /// (401 `invalid_token`), the session refreshes and the request is sent again. Anything else
    /// comes back as the server sent it.
    public func data(for request: URLRequest) async throws(OAuthError) -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw OAuthError(.invalidRequest, "expected a request with a URL, found none") }
        guard request.httpBodyStream == nil else {
            throw OAuthError(.invalidRequest, "expected a request body as data, found a body stream (it cannot be sent twice for a retry)")
        }
        var askedForNonce = false
        var refreshedOnce = false
        while true {
            var authorized = request
            try await authorize(&authorized)
            let response = try await Self.send(authorized, url: url, through: client.transport)
            if response.status == 401 {
                if !askedForNonce, ResourceChallenge.asksForDPoPNonce(status: response.status, wwwAuthenticate: response.header("WWW-Authenticate")),
                   let nonce = response.header("DPoP-Nonce"), !nonce.isEmpty {
                    askedForNonce = true
                    await client.rememberDPoPNonce(nonce, from: url)
                    continue
                }
                if !refreshedOnce, ResourceChallenge.saysInvalidToken(wwwAuthenticate: response.header("WWW-Authenticate")) {
                    refreshedOnce = true
                    _ = try await refreshed()
                    continue
                }
            }
            guard let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers) else {
                throw OAuthError.unexpectedResponse(status: response.status, contentType: response.mediaType, endpoint: "resource server")
            }
            return (response.body, http)
        }
    }

}

/// What a resource server's 401 asks for, read the same way by `data(for:)` and the OpenAPI
/// middleware.
@_spi(BuildingBlocks)
public enum ResourceChallenge {
    /// `WWW-Authenticate: DPoP error="use_dpop_nonce"` on a 401 (RFC 9449 §9).
    public static func asksForDPoPNonce(status: Int, wwwAuthenticate: String?) -> Bool {
        guard status == 401, let challenge = wwwAuthenticate else { return false }
        return challenge.lowercased().hasPrefix("dpop") && challenge.contains("use_dpop_nonce")
    }

    /// `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1), or the same under DPoP.
    public static func saysInvalidToken(wwwAuthenticate: String?) -> Bool {
        guard let challenge = wwwAuthenticate?.lowercased() else { return false }
        return challenge.contains("error=\"invalid_token\"") || challenge.contains("error=invalid_token")
    }
}

extension OAuthSession {

    /// One request as it is, 3xx included; failures as the runtime reports them.
    static func send(_ request: URLRequest, url: URL, through transport: any HTTPTransport) async throws(OAuthError) -> HTTPResponse {
        let outgoing = HTTPRequest(method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
        do {
            return try await transport.send(outgoing)
        } catch let error as OAuthError {
            throw error
        } catch is CancellationError {
            throw OAuthError.taskCancelled
        } catch let error as ResponseTooLarge {
            throw OAuthError.responseTooLarge(endpoint: "resource server", limit: error.limit)
        } catch {
            throw OAuthError.network(endpoint: "resource server", error)
        }
    }
}
