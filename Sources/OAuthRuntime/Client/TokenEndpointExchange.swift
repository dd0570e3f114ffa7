import Foundation
internal import OAuthPolicy

/// The provider's token endpoint: the default ``CodeExchange``.
package struct TokenEndpointExchange: CodeExchange {
    let configuration: ProviderConfiguration
    let authentication: ClientAuthentication
    let transport: any HTTPTransport
    let nonces: DPoPNonces

    package var signsDPoPProofs: Bool { true }

    package func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet {
        var parameters = [
            ("grant_type", "authorization_code"), ("code", grant.code),
            ("redirect_uri", grant.redirectURI.absoluteString),
        ]
        if let verifier = grant.codeVerifier { parameters.append(("code_verifier", verifier)) }
        return try await Self.tokens(
            parameters, dpopKey: grant.dpopKey, configuration: configuration, authentication: authentication,
            transport: transport, nonces: nonces, now: now)
    }

    /// A token request and its decoded answer; with a DPoP key, signed (RFC 9449 §5), retried once
    /// with the server's nonce if it asks, and required to come back bound.
    package static func tokens(
        _ parameters: [(String, String)], dpopKey: DPoPSigningKey?, configuration: ProviderConfiguration,
        authentication: ClientAuthentication, transport: any HTTPTransport, nonces: DPoPNonces, now: Date,
        namesResource: Bool = true
    ) async throws(OAuthError) -> TokenSet {
        let response = try await send(
            parameters, dpopKey: dpopKey, configuration: configuration, authentication: authentication,
            transport: transport, nonces: nonces, namesResource: namesResource)
        // The client decides whether an ID token was required; here only the format is checked.
        var tokens = try TokenResponseDecoder.decode(
            response, quirks: configuration.quirks.tokenResponse, requireIDToken: false,
            scopeSeparator: configuration.quirks.scopeSeparator, now: now, dpop: dpopKey != nil)
        tokens.dpopKey = dpopKey
        return tokens
    }

    /// A token request as every grant sends it: the provider's extra parameters and headers, the
    /// client's authentication, and the configuration's resource (RFC 8707 §2.2) unless the
    /// grant names its own targets (`namesResource: false`, a token exchange).
    package static func send(
        _ parameters: [(String, String)], dpopKey: DPoPSigningKey?, configuration: ProviderConfiguration,
        authentication: ClientAuthentication, transport: any HTTPTransport, nonces: DPoPNonces,
        namesResource: Bool = true
    ) async throws(OAuthError) -> HTTPResponse {
        // The configuration's extras too, checked here: a hand-made or tampered configuration
        // must not replace the code, the verifier or the grant type.
        let extra = configuration.quirks.tokenRequestParameters
        if let clash = extra.first(where: { ReservedParameters.isReservedTokenParameter($0.name) }) {
            throw OAuthError.invalidRequest(
                "expected extra token request parameters the client does not set itself, found \"\(clash.name)\"")
        }
        // RFC 8707 §2.2: every token request names the resource, so a refreshed token stays bound.
        let resource = namesResource ? configuration.resource.map { [("resource", $0.absoluteString)] } ?? [] : []
        let parameters = parameters + resource + extra.map { ($0.name, $0.value) }
        return try await post(
            parameters, to: configuration.endpoints.token, name: "token endpoint", configuration: configuration,
            authentication: authentication, transport: transport, dpopKey: dpopKey, nonces: nonces)
    }

    /// A form POST with the client's authentication and the provider's extra headers.
    static func post(
        _ parameters: [(String, String)], to endpoint: URL, name: String, configuration: ProviderConfiguration,
        authentication: ClientAuthentication, transport: any HTTPTransport,
        dpopKey: DPoPSigningKey? = nil, nonces: DPoPNonces? = nil, namingClient: Bool = false
    ) async throws(OAuthError) -> HTTPResponse {
        var parameters = parameters
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        try authentication.apply(to: &parameters, headers: &headers)
        // A pushed authorization request names its client even when HTTP Basic authenticates it
        // (it is the authorization request's own parameter; RFC 9126 §2.1's example sends both).
        if namingClient, !parameters.contains(where: { $0.0 == "client_id" }) {
            parameters.insert(("client_id", authentication.clientID), at: 0)
        }
        for header in configuration.quirks.tokenRequestHeaders {
            // The build refuses these from the same lists; a hand-made configuration is refused here.
            guard HeaderPolicy.isValidName(header.name), HeaderPolicy.isValidValue(header.value) else {
                throw OAuthError.invalidRequest(
                    "expected extra token request headers with a field name and a value without control characters (RFC 9110 §5), found \"\(header.name)\""
                )
            }
            guard !HeaderPolicy.isReserved(header.name) else {
                throw OAuthError.invalidRequest(
                    "expected extra token request headers the client does not set itself, found \"\(header.name)\"")
            }
            // Field names have no case (RFC 9110 §5.1): the provider's `accept` replaces the client's `Accept`.
            for name in headers.keys where name.lowercased() == header.name.lowercased() { headers[name] = nil }
            headers[header.name] = header.value
        }
        let request = HTTPRequest(
            method: "POST", url: endpoint, headers: headers, body: Data(FormEncoding.encode(parameters).utf8))
        guard let dpopKey, let nonces else { return try await transport.send(request, to: name) }
        return try await DPoPSender.send(
            request, key: dpopKey, target: .authorizationServer, nonces: nonces, transport: transport, name: name)
    }
}
