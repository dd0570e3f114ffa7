import Foundation

/// Sends a request with a DPoP proof, and once more with the server's nonce when it asks for one.
enum DPoPSender {
    /// Where the request goes, which decides how the server asks for a nonce: a token endpoint
    /// answers 400 `use_dpop_nonce` (RFC 9449 §8), a resource server 401 with
    /// `WWW-Authenticate: DPoP error="use_dpop_nonce"` (§9).
    enum Target {
        case authorizationServer
        case resource
    }

    /// The response to `request` sent with a proof by `key` (and `ath` for `accessToken`); at most
    /// one retry, and only when the server asked for a nonce it then supplied.
    package static func send(
        _ request: HTTPRequest, key: DPoPSigningKey, accessToken: String? = nil, target: Target, nonces: DPoPNonces,
        transport: any HTTPTransport, name: String
    ) async throws(OAuthError) -> HTTPResponse {
        var retried = false
        while true {
            var signed = request
            do {
                signed.headers["DPoP"] = try DPoPProof.make(
                    key: key, method: request.method, url: request.url, accessToken: accessToken,
                    nonce: await nonces.nonce(for: request.url))
            } catch {
                throw OAuthError(
                    error.keyError == nil ? .invalidRequest : .dpopKeyFailed,
                    "expected to make a DPoP proof, found: \(error.description)",
                    underlyingError: error.keyError)
            }
            let response = try await transport.send(signed, to: name)
            guard let nonce = response.header("DPoP-Nonce"), !nonce.isEmpty else { return response }
            await nonces.remember(nonce, for: request.url)
            guard !retried, asksForNonce(response, target: target) else { return response }
            retried = true
        }
    }

    static func asksForNonce(_ response: HTTPResponse, target: Target) -> Bool {
        switch target {
        case .authorizationServer:
            guard response.status == 400,
                let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body)
            else { return false }
            return object["error"]?.stringValue == "use_dpop_nonce"
        case .resource:
            // The nonce rule is ResourceRefusal's, the one reading of a resource's refusal.
            let refusal = ResourceRefusal(
                status: response.status, wwwAuthenticate: response.header("WWW-Authenticate"),
                dpopNonce: response.header("DPoP-Nonce"))
            if case .dpopNonce = refusal { return true }
            return false
        }
    }
}
