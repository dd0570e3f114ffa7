import Foundation
internal import OAuthPolicy

/// An app's client of one provider, typed by it: builds authorization requests, checks
/// callbacks, exchanges codes, refreshes, and talks to the revocation and userinfo endpoints.
///
/// Make it from the generated provider type, which passes the configuration it was built from:
///
/// ```swift
/// let client = Google.client()
/// let signIn = try await client.signIn(with: LoopbackUserAgent(), scopes: [.openid, .email])
/// print(signIn.claims.email ?? signIn.claims.sub)
/// ```
///
/// Members for endpoints a provider lacks do not exist for it: `revoke` needs
/// ``SupportsRevocation``, `userInfo` ``SupportsUserInfo``, `endSessionURL` ``SupportsEndSession``.
public struct OAuthClient<Provider: OAuthProvider>: Sendable {
    /// What the client knows of the provider.
    public let configuration: ProviderConfiguration
    /// How the client authenticates at the token endpoint.
    @_spi(BuildingBlocks)
    public let authentication: ClientAuthentication
    /// The way out to the network.
    public let transport: any HTTPTransport
    /// Checks ID tokens; `nil` for OAuth-only providers.
    @_spi(BuildingBlocks)
    public let idTokenValidator: IDTokenValidator?
    /// How codes become tokens: the provider's token endpoint, or the app's backend.
    public let codeExchange: any CodeExchange
    /// The oldest pending authorization this client finishes.
    public let pendingAuthorizationLifetime: TimeInterval
    /// Whether http URLs on a loopback literal are accepted (local development servers only);
    /// applies to URLs servers send later too, such as a device grant's verification URI.
    let allowsInsecureLoopback: Bool
    /// Where each sign-in's DPoP key is made.
    public let dpopKeyStorage: DPoPKeyStorage
    /// The servers' latest DPoP nonces (RFC 9449 §8), shared by every request this client makes.
    let dpopNonces: DPoPNonces

    /// A client of any provider type from any configuration: what the typed entry points
    /// (``GeneratedProvider/client(clientID:clientSecret:transport:codeExchange:clockSkew:pendingAuthorizationLifetime:allowInsecureLoopback:dpopKeyStorage:)``
    /// and, for ``DiscoveredProvider``, `init(configuration:)`) call. Nothing ties
    /// `configuration` to `Provider` here (`OAuthClient<Google>(overriding: MicrosoftEntra.configuration)`
    /// would compile), so it is not public API: a test that runs a generated provider against a
    /// server on another port imports it with `@_spi(Testing)`.
    ///
    /// - Parameters:
    ///   - configuration: the provider.
    ///   - clientID: overrides the configuration's default client ID.
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5: it is not secret in an app).
    ///   - transport: the way out to the network.
    ///   - codeExchange: where codes are exchanged; `nil` for the provider's token endpoint.
    ///   - clockSkew: the clock difference ID token times may show, in seconds.
    ///   - pendingAuthorizationLifetime: a pending authorization older than this is refused
    ///     (10 minutes by default: an authorization code lives at most that long, RFC 6749 §4.1.2).
    ///   - allowInsecureLoopback: accept `http` endpoints on 127.0.0.1 or [::1] — for local
    ///     development servers only. Every other endpoint must be https.
    ///   - dpopKeyStorage: where each sign-in's DPoP key is made, for a provider whose tokens
    ///     are DPoP-bound: in software (the default) or in the Secure Enclave.
    @_spi(Testing)
    public init(
        overriding configuration: ProviderConfiguration,
        clientID: String? = nil,
        clientSecret: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        codeExchange: (any CodeExchange)? = nil,
        clockSkew: TimeInterval = 120,
        pendingAuthorizationLifetime: TimeInterval = 600,
        allowInsecureLoopback: Bool = false,
        dpopKeyStorage: DPoPKeyStorage = .software
    ) throws(OAuthError) {
        // A provider the quirk file declares a loopback development server needs no argument.
        let allowInsecureLoopback = allowInsecureLoopback || configuration.quirks.loopbackDevelopmentServer
        guard let clientID = clientID ?? configuration.client.clientID else {
            throw OAuthError.invalidConfiguration("expected a client ID from the configuration or the caller, found none")
        }
        if let problem = ClientIdentifier.problem(in: clientID) {
            throw OAuthError.invalidConfiguration("expected \(ClientIdentifier.expectation), found \(problem)")
        }
        let endpoints = configuration.endpoints
        let named: [(String, URL?)] = [
            ("authorization endpoint", endpoints.authorization), ("token endpoint", endpoints.token),
            ("revocation endpoint", endpoints.revocation), ("userinfo endpoint", endpoints.userinfo),
            ("end-session endpoint", endpoints.endSession), ("JWKS URI", endpoints.jwks),
            ("pushed authorization request endpoint", endpoints.pushedAuthorizationRequest),
            ("device authorization endpoint", endpoints.deviceAuthorization),
        ]
        for case let (name, url?) in named {
            try EndpointPolicy.requireSecure(url, name: name, allowInsecureLoopback: allowInsecureLoopback)
        }
        if (configuration.metadata.requirePushedAuthorizationRequests || configuration.quirks.pushedAuthorizationRequests),
           endpoints.pushedAuthorizationRequest == nil {
            // RFC 9126 §5: such a provider refuses every request that was not pushed.
            throw OAuthError.invalidConfiguration("expected a pushed authorization request endpoint for a provider whose requests must be pushed, found none")
        }
        let dpopAlgorithms = configuration.metadata.dpopSigningAlgorithms
        if configuration.quirks.dpop, !dpopAlgorithms.isEmpty, !dpopAlgorithms.contains(where: DPoPPolicy.signingAlgorithms.contains) {
            throw OAuthError.invalidConfiguration(
                "expected \(DPoPPolicy.signingAlgorithms.joined(separator: " or ")) among the provider's DPoP algorithms for DPoP-bound tokens, found \(dpopAlgorithms.joined(separator: ", "))")
        }
        if Provider.self is any OpenIDProvider.Type, configuration.metadata.kind != .openIDConnect {
            throw OAuthError.invalidConfiguration("expected an OpenID Connect configuration for \(Provider.self), found OAuth 2.0 metadata")
        }
        self.configuration = configuration
        var authentication = ClientAuthentication(clientID: clientID, method: configuration.quirks.tokenEndpointAuthMethod, clientSecret: clientSecret,
                                                  supported: configuration.metadata.tokenEndpointAuthMethodsSupported)
        authentication.basicWithoutSecret = configuration.quirks.basicAuthWithoutSecret
        self.authentication = authentication
        self.transport = transport
        self.pendingAuthorizationLifetime = pendingAuthorizationLifetime
        self.allowsInsecureLoopback = allowInsecureLoopback
        self.dpopKeyStorage = dpopKeyStorage
        let nonces = DPoPNonces()
        self.dpopNonces = nonces
        if configuration.metadata.kind == .openIDConnect {
            guard let jwks = endpoints.jwks else { throw OAuthError.invalidConfiguration("expected the OpenID provider to have a JWKS URI, found none") }
            self.idTokenValidator = try IDTokenValidator(configuration: configuration, clientID: clientID,
                                                         keys: JWKSCache(url: jwks, transport: transport), clockSkew: clockSkew)
        } else {
            self.idTokenValidator = nil
        }
        if configuration.quirks.dpop, let codeExchange, !codeExchange.signsDPoPProofs {
            throw OAuthError.invalidConfiguration(
                "expected a code exchange that signs DPoP proofs with the app's key for a provider whose tokens are DPoP-bound, found \(type(of: codeExchange)), which does not (the key never leaves the app)")
        }
        self.codeExchange = codeExchange ?? TokenEndpointExchange(configuration: configuration, authentication: authentication, transport: transport, nonces: nonces)
    }

    /// The client ID requests are made with.
    public var clientID: String { authentication.clientID }

    /// Whether this sign-in asks for an ID token: always for an OpenID provider's type; for a
    /// provider described at run time, when its metadata is OpenID Connect and `openid` is asked.
    var isOpenID: Bool { configuration.metadata.kind == .openIDConnect }

    /// Whether this client's tokens are DPoP-bound (the quirk file's `dpop`).
    public var usesDPoP: Bool { configuration.quirks.dpop }

    /// The scopes a request asks for: the caller's or the defaults, with `openid` first for an
    /// OpenID provider's type.
    func requestedScopes(_ scopes: [Provider.Scope]?) -> [String] {
        var names = scopes?.map { $0.rawValue } ?? configuration.client.defaultScopes
        if Provider.self is any OpenIDProvider.Type, !names.contains("openid") { names.insert("openid", at: 0) }
        return names
    }
}

extension OAuthClient where Provider == DiscoveredProvider {
    /// A client of a provider described at run time, from a configuration the app read or
    /// fetched (``ProviderConfiguration/init(discoveryDocument:expectedIssuer:client:)``).
    /// A generated provider makes its client with `Provider.client()` instead, whose
    /// configuration is the one it was built from.
    ///
    /// - Parameters:
    ///   - configuration: the provider.
    ///   - clientID: overrides the configuration's default client ID.
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5: it is not secret in an app).
    ///   - transport: the way out to the network.
    ///   - codeExchange: where codes are exchanged; `nil` for the provider's token endpoint.
    ///   - clockSkew: the clock difference ID token times may show, in seconds.
    ///   - pendingAuthorizationLifetime: a pending authorization older than this is refused.
    ///   - allowInsecureLoopback: accept `http` endpoints on 127.0.0.1 or [::1] (local
    ///     development servers only).
    ///   - dpopKeyStorage: where each sign-in's DPoP key is made (DPoP-bound providers only).
    public init(
        configuration: ProviderConfiguration,
        clientID: String? = nil,
        clientSecret: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        codeExchange: (any CodeExchange)? = nil,
        clockSkew: TimeInterval = 120,
        pendingAuthorizationLifetime: TimeInterval = 600,
        allowInsecureLoopback: Bool = false,
        dpopKeyStorage: DPoPKeyStorage = .software
    ) throws(OAuthError) {
        try self.init(overriding: configuration, clientID: clientID, clientSecret: clientSecret, transport: transport, codeExchange: codeExchange,
                      clockSkew: clockSkew, pendingAuthorizationLifetime: pendingAuthorizationLifetime,
                      allowInsecureLoopback: allowInsecureLoopback, dpopKeyStorage: dpopKeyStorage)
    }
}
