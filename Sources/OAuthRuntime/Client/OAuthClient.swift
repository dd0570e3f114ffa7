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
    /// The way out to the network: ``ClientOptions/transport``, each request reported through
    /// ``ClientOptions/telemetry``.
    @_spi(BuildingBlocks)
    public let transport: any HTTPTransport
    /// Checks ID tokens; `nil` for OAuth-only providers.
    @_spi(BuildingBlocks)
    public let idTokenValidator: IDTokenValidator?
    /// How codes become tokens: the provider's token endpoint, or the app's backend.
    @_spi(BuildingBlocks)
    public let codeExchange: any CodeExchange
    /// The oldest pending authorization this client finishes.
    var pendingAuthorizationLifetime: TimeInterval { options.pendingAuthorizationLifetime }
    /// Whether http URLs on a loopback literal are accepted (local development servers only);
    /// applies to URLs servers send later too, such as a device grant's verification URI.
    let allowsInsecureLoopback: Bool
    /// Where each sign-in's DPoP key is made.
    package var dpopKeyStorage: DPoPKeyStorage { options.dpopKeyStorage }
    /// The servers' latest DPoP nonces (RFC 9449 §8), shared by every request this client makes.
    package let dpopNonces: DPoPNonces

    /// The options the client was made with.
    public let options: ClientOptions

    /// A client of any provider type from any configuration: what the typed entry points
    /// (``GeneratedProvider/client(options:)`` and, for ``DiscoveredProvider``,
    /// `init(configuration:options:)`) call. Nothing ties `configuration` to `Provider` here
    /// (`OAuthClient<Google>(overriding: MicrosoftEntra.configuration)` would compile), so it is
    /// not public API: a test that runs a generated provider against a server on another port
    /// imports it with `@_spi(Testing)`.
    @_spi(Testing)
    public init(
        overriding configuration: ProviderConfiguration, options: ClientOptions = ClientOptions()
    ) throws(OAuthError) {
        self.options = options
        let endpoints = configuration.endpoints
        let transport = InstrumentedTransport(
            options.transport, telemetry: options.telemetry,
            endpoint: { EndpointRole.name(of: $0, among: endpoints) })
        self.transport = transport
        // A provider the quirk file declares a loopback development server needs no option.
        let allowInsecureLoopback = options.allowInsecureLoopback || configuration.quirks.loopbackDevelopmentServer
        if let registration = options.registration, registration.issuer != configuration.issuer {
            throw OAuthError.invalidConfiguration(
                "expected a client registration made with \"\(configuration.issuer ?? "")\", found one made with \"\(registration.issuer)\""
            )
        }
        guard let clientID = options.clientID ?? options.registration?.clientID ?? configuration.client.clientID else {
            throw OAuthError.invalidConfiguration(
                "expected a client ID from the configuration or the caller, found none")
        }
        if let problem = ClientIdentifier.problem(in: clientID) {
            throw OAuthError.invalidConfiguration("expected \(ClientIdentifier.expectation), found \(problem)")
        }
        let named: [(String, URL?)] = [
            ("authorization endpoint", endpoints.authorization), ("token endpoint", endpoints.token),
            ("revocation endpoint", endpoints.revocation), ("userinfo endpoint", endpoints.userinfo),
            ("end-session endpoint", endpoints.endSession), ("JWKS URI", endpoints.jwks),
            ("pushed authorization request endpoint", endpoints.pushedAuthorizationRequest),
            ("device authorization endpoint", endpoints.deviceAuthorization),
            ("registration endpoint", endpoints.registration),
            ("protected resource", configuration.resource),
        ]
        for case let (name, url?) in named {
            try EndpointPolicy.requireSecure(url, name: name, allowInsecureLoopback: allowInsecureLoopback)
        }
        if configuration.metadata.requirePushedAuthorizationRequests
            || configuration.quirks.pushedAuthorizationRequests,
            endpoints.pushedAuthorizationRequest == nil
        {
            // RFC 9126 §5: such a provider refuses every request that was not pushed.
            throw OAuthError.invalidConfiguration(
                "expected a pushed authorization request endpoint for a provider whose requests must be pushed, found none"
            )
        }
        let dpopAlgorithms = configuration.metadata.dpopSigningAlgorithms
        if configuration.quirks.dpop, !dpopAlgorithms.isEmpty,
            !dpopAlgorithms.contains(where: DPoPPolicy.signingAlgorithms.contains)
        {
            throw OAuthError.invalidConfiguration(
                "expected \(DPoPPolicy.signingAlgorithms.joined(separator: " or ")) among the provider's DPoP algorithms for DPoP-bound tokens, found \(dpopAlgorithms.joined(separator: ", "))"
            )
        }
        if Provider.self is any OpenIDProvider.Type, configuration.metadata.kind != .openIDConnect {
            throw OAuthError.invalidConfiguration(
                "expected an OpenID Connect configuration for \(Provider.self), found OAuth 2.0 metadata")
        }
        self.configuration = configuration
        // A registration's own secret (one issued to this instance, RFC 8252 §8.4) and method,
        // unless the options name a secret: the app's word over what was kept.
        let registered = options.clientSecret == nil ? options.registration : nil
        var authentication = ClientAuthentication(
            clientID: clientID,
            method: registered?.tokenEndpointAuthMethod ?? configuration.quirks.tokenEndpointAuthMethod,
            clientSecret: options.clientSecret ?? registered?.clientSecret,
            clientKey: options.clientKey, supported: configuration.metadata.tokenEndpointAuthMethodsSupported)
        authentication.basicWithoutSecret = configuration.quirks.basicAuthWithoutSecret
        authentication.anonymous = options.anonymous
        if authentication.method == .privateKeyJWT {
            // The build's rule (ClientAuthenticationMethod.refusal), for a configuration made at
            // run time, held to this key's algorithm.
            let metadata = configuration.metadata
            if let refusal = ClientAuthenticationMethod.privateKeyJWT.refusal(
                methods: metadata.tokenEndpointAuthMethodsSupported.isEmpty
                    ? nil : metadata.tokenEndpointAuthMethodsSupported,
                algorithms: metadata.tokenEndpointAuthSigningAlgorithms,
                keyAlgorithms: options.clientKey.map { [$0.algorithm] }
                    ?? ClientAuthenticationMethod.assertionSigningAlgorithms)
            {
                throw OAuthError.invalidConfiguration(refusal)
            }
            authentication.assertionAudience =
                configuration.quirks.clientAssertionAudience == .tokenEndpoint
                ? endpoints.token.absoluteString : configuration.issuer ?? endpoints.token.absoluteString
        }
        self.authentication = authentication
        self.allowsInsecureLoopback = allowInsecureLoopback
        let nonces = DPoPNonces()
        self.dpopNonces = nonces
        if configuration.metadata.kind == .openIDConnect {
            guard let jwks = endpoints.jwks else {
                throw OAuthError.invalidConfiguration("expected the OpenID provider to have a JWKS URI, found none")
            }
            self.idTokenValidator = try IDTokenValidator(
                configuration: configuration, clientID: clientID,
                keys: JWKSCache(url: jwks, transport: transport), clockSkew: options.clockSkew)
        } else {
            self.idTokenValidator = nil
        }
        if configuration.quirks.dpop, let codeExchange = options.codeExchange, !codeExchange.signsDPoPProofs {
            throw OAuthError.invalidConfiguration(
                "expected a code exchange that signs DPoP proofs with the app's key for a provider whose tokens are DPoP-bound, found \(type(of: codeExchange)), which does not (the key never leaves the app)"
            )
        }
        self.codeExchange =
            options.codeExchange
            ?? TokenEndpointExchange(
                configuration: configuration, authentication: authentication, transport: transport, nonces: nonces)
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
    ///   - options: the client ID, transport, code exchange and the rest; the defaults otherwise.
    public init(configuration: ProviderConfiguration, options: ClientOptions = ClientOptions()) throws(OAuthError) {
        try self.init(overriding: configuration, options: options)
    }
}
