import Foundation
internal import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

/// RFC 7591 dynamic client registration for a native app: a public client
/// (`token_endpoint_auth_method: none`), `application_type: native` (OpenID Connect Dynamic
/// Client Registration §2, the MCP authorization spec's SEP-837), the code grant with refresh and
/// the app's typed redirect URIs, or the device grant (RFC 8628) with refresh and no redirect URI.
///
/// A server that registers no public client answers with a secret of this instance's own: RFC
/// 8252 §8.4 classes such an app as confidential, and OAuth 2.1 §2.4 says a client given
/// credentials must use them. The secret is kept in the record (`RegisteredClientSecret`).
public enum DynamicClientRegistration {
    /// Registers a client at `configuration`'s registration endpoint.
    ///
    /// - Parameters:
    ///   - configuration: the authorization server; its `registration` endpoint is used.
    ///   - redirectURIs: the redirect URIs the app will use, each checked as the runtime checks
    ///     any (RFC 8252): what a server registers is what a sign-in then sends.
    ///   - clientName: shown to the user on the consent page.
    ///   - scopes: the scopes the client will ask for, when the server wants them named.
    ///   - deviceGrant: a client that signs in with the device grant (RFC 8628), with no
    ///     redirect URIs and no response types (RFC 7591 §2.1), instead of the code flow.
    ///   - transport: how to reach the server.
    ///   - allowInsecureLoopback: accept an http endpoint on 127.0.0.1 or [::1], for local tests.
    /// - Returns: the registration, with its registration access token if the server gave one.
    /// - Throws: `OAuthError/Kind/missingEndpoint` without a registration endpoint; the
    ///   server's RFC 7591 §3.2.2 error (`invalid_redirect_uri`, `invalid_client_metadata`…) as
    ///   `OAuthError/Kind/requestRejected`; `OAuthError/Kind/invalidRegistration` for an answer
    ///   with other redirect URIs, or a client that authenticates other than by no secret or a
    ///   secret of its own (`RegisteredClientSecret`).
    public static func register(
        with configuration: ProviderConfiguration, redirectURIs: [RegisteredRedirectURI], clientName: String,
        scopes: [String] = [], deviceGrant: Bool = false, transport: any HTTPTransport,
        allowInsecureLoopback: Bool = false
    ) async throws(OAuthError) -> ClientRegistrationRecord {
        let name = "registration endpoint"
        guard let endpoint = configuration.endpoints.registration else { throw OAuthError.missingEndpoint(name) }
        guard let issuer = configuration.issuer else {
            throw OAuthError.invalidConfiguration("expected an issuer to register with, found none")
        }
        try EndpointPolicy.requireSecure(endpoint, name: name, allowInsecureLoopback: allowInsecureLoopback)
        var metadata: [String: ClaimValue] = [
            "token_endpoint_auth_method": .string("none"), "application_type": .string("native"),
            "client_name": .string(clientName),
        ]
        // Refresh only where the server takes it: one whose grant_types_supported leaves it out
        // may refuse a registration asking for it (RFC 7591 §3.2.2, invalid_client_metadata).
        let supported = configuration.metadata.grantTypesSupported
        let refresh: [ClaimValue] =
            supported == nil || supported?.contains("refresh_token") == true
            ? [.string("refresh_token")] : []
        if deviceGrant {
            guard redirectURIs.isEmpty else {
                throw OAuthError.invalidRequest(
                    "expected no redirect URI for a device grant client, found \(redirectURIs.count)")
            }
            metadata["grant_types"] = .array([.string(ResourceServerGrant.deviceCodeGrantType)] + refresh)
            metadata["response_types"] = .array([])
        } else {
            guard !redirectURIs.isEmpty else {
                throw OAuthError.invalidRequest("expected at least one redirect URI to register, found none")
            }
            metadata["redirect_uris"] = .array(redirectURIs.map { .string($0.url.absoluteString) })
            metadata["grant_types"] = .array([.string("authorization_code")] + refresh)
            metadata["response_types"] = .array([.string("code")])
        }
        if !scopes.isEmpty { metadata["scope"] = .string(scopes.joined(separator: " ")) }
        let body: Data
        do {
            body = try JSONEncoder().encode(metadata)
        } catch {
            throw OAuthError.invalidRequest("expected the registration request to encode as JSON, found \(error)")
        }
        let response = try await transport.send(
            HTTPRequest(
                method: "POST", url: endpoint,
                headers: ["Content-Type": "application/json", "Accept": "application/json"], body: body), to: name)
        guard response.status == 201 || response.status == 200 else {
            throw TokenResponseDecoder.failure(
                for: response, quirks: configuration.quirks.tokenResponse, endpoint: name)
        }
        guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body) else {
            throw OAuthError(
                .invalidRegistration,
                "expected the registration response to be a JSON object (RFC 7591 §3.2.1), found something else")
        }
        guard let clientID = object["client_id"]?.stringValue, ClientIdentifier.problem(in: clientID) == nil else {
            throw OAuthError(
                .invalidRegistration,
                "expected a \"client_id\" the client can send (RFC 7591 §3.2.1), found \(object["client_id"] == nil ? "none" : "one it cannot")"
            )
        }
        // The server may change what was asked for (§3.2.1): a per-instance secret is kept and
        // used; other redirect URIs would make every later sign-in fail.
        let secret = try RegisteredClientSecret(answer: object)
        let sent = redirectURIs.map(\.url.absoluteString)
        if case .array(let registered)? = object["redirect_uris"],
            Set(registered.compactMap(\.stringValue)) != Set(sent)
        {
            throw OAuthError(
                .invalidRegistration,
                "expected the registered redirect URIs to be the ones sent (\(sent.joined(separator: ", "))), found others"
            )
        }
        var record = ClientRegistrationRecord(
            issuer: issuer, clientID: clientID, method: .dynamic, redirectURIs: redirectURIs.map(\.url),
            registrationAccessToken: object["registration_access_token"]?.stringValue,
            registrationClientURI: clientConfigurationURI(
                object["registration_client_uri"]?.stringValue.flatMap(URL.init(string:)),
                registrationEndpoint: endpoint))
        secret.apply(to: &record)
        return record
    }

    /// A client configuration URI (RFC 7592 §3) on the registration endpoint's origin, or `nil`:
    /// the registration access token goes nowhere else, whatever URL the answer named (issue 45,
    /// G7: a DELETE went with the token to any URL the server chose).
    static func clientConfigurationURI(_ uri: URL?, registrationEndpoint: URL?) -> URL? {
        guard let uri, let registrationEndpoint, let origin = URLOrigin(uri), origin == URLOrigin(registrationEndpoint)
        else { return nil }
        return uri
    }
}

extension DynamicClientRegistration {
    /// Deletes `registration` at its authorization server (RFC 7592 §2.3): a DELETE to its
    /// `registration_client_uri` with its registration access token. A registration without
    /// either (pre-registered, a metadata document, a server without RFC 7592) has nothing to
    /// delete there, and this returns `false`.
    ///
    /// - Throws: `OAuthError/Kind/insecureEndpoint` for a client configuration URI that is not
    ///   https; `OAuthError/Kind/requestRejected` or `OAuthError/Kind/unexpectedResponse` when
    ///   the server refuses (a 401 or 404: it no longer knows the client).
    @discardableResult
    public static func delete(
        _ registration: ClientRegistrationRecord, transport: any HTTPTransport,
        allowInsecureLoopback: Bool = false
    ) async throws(OAuthError) -> Bool {
        guard let token = registration.registrationAccessToken, let named = registration.registrationClientURI else {
            return false
        }
        // Only on the registration endpoint's origin (the issuer's, for a record that kept no
        // server metadata): a record from before this check may hold any URL.
        let endpoint = registration.authorizationServer?.endpoints.registration ?? URL(string: registration.issuer)
        let name = "client configuration endpoint"
        guard let uri = clientConfigurationURI(named, registrationEndpoint: endpoint) else {
            throw OAuthError.invalidConfiguration(
                "expected the \(name) on the registration endpoint's origin, found \(URLOrigin(named)?.description ?? "another URL"): the registration access token is not sent there"
            )
        }
        try EndpointPolicy.requireSecure(uri, name: name, allowInsecureLoopback: allowInsecureLoopback)
        let response = try await transport.send(
            HTTPRequest(method: "DELETE", url: uri, headers: ["Authorization": "Bearer \(token)"]), to: name)
        guard (200..<300).contains(response.status) else {
            throw OAuthError.unexpectedResponse(
                status: response.status, contentType: response.mediaType, endpoint: name)
        }
        return true
    }
}
