import Foundation
internal import OAuthPolicy

/// Sends the grant to the app's own server, which exchanges it (with a client secret, or after
/// linking accounts) and answers with a token response in the form of RFC 6749 §5.1.
///
/// The request is a JSON POST of `code`, `code_verifier`, `redirect_uri` and `client_id`, with
/// the app's own headers (its session with the server). An ID token in the answer is verified
/// by the client like one from the provider.
public struct BackendCodeExchange: CodeExchange {
    /// The backend's exchange endpoint; https, or http on 127.0.0.1/[::1] when allowed.
    public let url: URL
    /// Headers the backend needs (its own authentication of the app).
    public let headers: [String: String]
    /// The way out to the network.
    public let transport: any HTTPTransport

    /// - Parameters:
    ///   - url: the backend's exchange endpoint.
    ///   - headers: headers the backend needs, such as the app's own session with it.
    ///   - transport: the way out to the network.
    ///   - allowInsecureLoopback: accept `http` on 127.0.0.1 or [::1], for a local
    ///     development backend.
    public init(
        url: URL, headers: [String: String] = [:], transport: any HTTPTransport = URLSessionTransport(),
        allowInsecureLoopback: Bool = false
    ) throws(OAuthError) {
        try EndpointPolicy.requireSecure(
            url, name: "backend exchange endpoint", allowInsecureLoopback: allowInsecureLoopback)
        self.url = url
        self.headers = headers
        self.transport = transport
    }

    /// Posts the grant and decodes the backend's token response.
    public func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet {
        var body: [String: String] = [
            "code": grant.code, "redirect_uri": grant.redirectURI.absoluteString, "client_id": grant.clientID,
        ]
        if let verifier = grant.codeVerifier { body["code_verifier"] = verifier }
        var headers = headers
        headers["Content-Type"] = "application/json"
        headers["Accept"] = "application/json"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let request = HTTPRequest(method: "POST", url: url, headers: headers, body: try encoder.encode(body))
        let response = try await transport.send(request, to: "backend exchange endpoint")
        return try TokenResponseDecoder.decode(
            response, quirks: TokenResponseQuirks(), requireIDToken: false, scopeSeparator: " ", now: now,
            endpoint: "backend exchange endpoint")
    }
}
