import Foundation
internal import OAuthPolicy

extension ProviderConfiguration {
    /// A configuration from a discovery document fetched or read at run time (OIDC Discovery 1.0
    /// or RFC 8414), for tools and apps that cannot pin it at build time.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - expectedIssuer: when given, the document's `issuer` must equal it exactly
    ///     (OIDC Discovery §4.3, RFC 8414 §3.3).
    ///   - client: the app's registration with the provider.
    public init(
        discoveryDocument data: Data, expectedIssuer: String? = nil, client: ClientRegistration = ClientRegistration()
    ) throws(OAuthError) {
        try self.init(discoveryObject: try Self.discoveryObject(data), expectedIssuer: expectedIssuer, client: client)
    }

    /// A discovery document's members.
    package static func discoveryObject(_ data: Data) throws(OAuthError) -> [String: ClaimValue] {
        guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: data) else {
            throw OAuthError.invalidDiscoveryDocument(
                "expected a discovery document to be a JSON object, found something else")
        }
        return object
    }

    /// A configuration from a discovery document's decoded members, for a caller that reads
    /// members of its own too (`ResourceDiscovery`).
    package init(
        discoveryObject object: [String: ClaimValue], expectedIssuer: String?, client: ClientRegistration
    ) throws(OAuthError) {
        func string(_ name: String) -> String? { object[name]?.stringValue }
        func strings(_ name: String) -> [String] { stated(name) ?? [] }
        func stated(_ name: String) -> [String]? {
            guard case .array(let values)? = object[name] else { return nil }
            return values.compactMap(\.stringValue)
        }
        func url(_ name: String) throws(OAuthError) -> URL? {
            guard let text = string(name) else { return nil }
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw OAuthError.invalidDiscoveryDocument(
                    "expected \"\(name)\" to be an absolute URL, found \"\(text)\"")
            }
            return url
        }
        guard let issuer = string("issuer") else {
            throw OAuthError.invalidDiscoveryDocument(
                "expected the discovery document to have an \"issuer\", found none")
        }
        if let expectedIssuer, issuer != expectedIssuer {
            throw OAuthError.invalidDiscoveryDocument(
                "expected the discovery document's issuer to be \"\(expectedIssuer)\" exactly (OIDC Discovery §4.3), found \"\(issuer)\""
            )
        }
        // RFC 8414 §2: required unless no grant the server supports uses it (a resource's server
        // that only redeems ID-JAGs). A browser sign-in without one is refused when it starts.
        let authorization = try url("authorization_endpoint")
        guard let token = try url("token_endpoint") else {
            throw OAuthError.invalidDiscoveryDocument(
                "expected the discovery document to have a \"token_endpoint\", found none")
        }
        // OIDC Discovery §3 makes this member required; RFC 8414 metadata does not have it.
        let isOpenID = object["id_token_signing_alg_values_supported"] != nil
        func bool(_ name: String) -> Bool {
            if case .bool(let value)? = object[name] { return value }
            return false
        }
        self.init(
            issuer: issuer,
            endpoints: ProviderEndpoints(
                authorization: authorization, token: token, revocation: try url("revocation_endpoint"),
                userinfo: try url("userinfo_endpoint"), endSession: try url("end_session_endpoint"),
                jwks: try url("jwks_uri"),
                pushedAuthorizationRequest: try url("pushed_authorization_request_endpoint"),
                deviceAuthorization: try url("device_authorization_endpoint"),
                registration: try url("registration_endpoint")),
            metadata: ProviderMetadata(
                kind: isOpenID ? .openIDConnect : .oauth2,
                scopesSupported: strings("scopes_supported"),
                responseTypesSupported: strings("response_types_supported"),
                codeChallengeMethodsSupported: strings("code_challenge_methods_supported"),
                idTokenSigningAlgorithms: strings("id_token_signing_alg_values_supported"),
                tokenEndpointAuthMethodsSupported: strings("token_endpoint_auth_methods_supported"),
                claimsSupported: strings("claims_supported"),
                authorizationResponseIssParameterSupported: bool("authorization_response_iss_parameter_supported"),
                requirePushedAuthorizationRequests: bool("require_pushed_authorization_requests"),
                dpopSigningAlgorithms: strings("dpop_signing_alg_values_supported"),
                grantTypesSupported: stated("grant_types_supported"),
                responseModesSupported: stated("response_modes_supported"),
                tokenEndpointAuthSigningAlgorithms: stated("token_endpoint_auth_signing_alg_values_supported"),
                authorizationGrantProfilesSupported: stated("authorization_grant_profiles_supported"),
                nativeSSOSupported: bool("native_sso_supported")),
            client: client)
    }

    /// RFC 8414 §3 location of an issuer's authorization-server metadata: the well-known path is
    /// inserted between the host and the issuer's path.
    public static func authorizationServerMetadataURL(forIssuer issuer: URL) -> URL? {
        WellKnownLocation.authorizationServerMetadata(forIssuer: issuer.absoluteString).flatMap(URL.init(string:))
    }

    /// Fills endpoints the OIDC document lacks from the same issuer's RFC 8414 metadata
    /// (django-oauth-toolkit, for one, lists `revocation_endpoint` only there). The metadata must
    /// name the same issuer exactly, or nothing is taken from it.
    public mutating func merge(authorizationServerMetadata data: Data) {
        guard let other = try? ProviderConfiguration(discoveryDocument: data, expectedIssuer: issuer) else { return }
        endpoints.revocation = endpoints.revocation ?? other.endpoints.revocation
        endpoints.userinfo = endpoints.userinfo ?? other.endpoints.userinfo
        endpoints.endSession = endpoints.endSession ?? other.endpoints.endSession
        endpoints.pushedAuthorizationRequest =
            endpoints.pushedAuthorizationRequest ?? other.endpoints.pushedAuthorizationRequest
        endpoints.deviceAuthorization = endpoints.deviceAuthorization ?? other.endpoints.deviceAuthorization
        endpoints.registration = endpoints.registration ?? other.endpoints.registration
        metadata.requirePushedAuthorizationRequests =
            metadata.requirePushedAuthorizationRequests || other.metadata.requirePushedAuthorizationRequests
    }

    /// Where OIDC Discovery §4 puts the document for an issuer: `/.well-known/openid-configuration`
    /// appended to the issuer's path.
    public static func openIDConfigurationURL(forIssuer issuer: URL) -> URL {
        if let url = WellKnownLocation.openIDConfiguration(forIssuer: issuer.absoluteString).flatMap(URL.init(string:))
        {
            return url
        }
        // Not a server URL at all: the fetch fails on it with the transport's error.
        return issuer.appendingPathComponent(".well-known/openid-configuration")
    }
}
