import Foundation

/// A provider oauthgen generated from a pinned discovery document and a quirk file: its
/// configuration is known at build time, and its clients and sessions are made from it.
///
/// ```swift
/// let session = Google.session(store: KeychainTokenStore(service: "com.example.app"))
/// let local = LocalProvider.client()   // its quirk file says loopbackDevelopmentServer
/// ```
public protocol GeneratedProvider: OAuthProvider {
    /// The provider as it was described at build time.
    static var configuration: ProviderConfiguration { get }
}

extension GeneratedProvider {
    /// A client of this provider, with the configuration it was generated from.
    ///
    /// - Parameters:
    ///   - clientID: overrides the quirk file's client ID (a per-environment registration).
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5: it is not secret in an app).
    ///   - transport: the way out to the network.
    ///   - codeExchange: where codes become tokens; `nil` for the provider's token endpoint.
    ///   - clockSkew: the clock difference ID token times may show, in seconds.
    ///   - pendingAuthorizationLifetime: a pending authorization older than this is refused
    ///     (10 minutes by default: an authorization code lives at most that long, RFC 6749 §4.1.2).
    ///   - allowInsecureLoopback: accept `http` endpoints on 127.0.0.1 or [::1], for a provider
    ///     running on the developer's machine. Not needed for one whose quirk file declares
    ///     `loopbackDevelopmentServer` (the build then notes it once instead of warning per
    ///     endpoint). Every other endpoint must be https.
    ///   - dpopKeyStorage: where each sign-in's DPoP key is made (`.secureEnclave` on Apple
    ///     devices), for a provider whose quirk file says `dpop`; other providers make no key.
    /// - Throws: ``OAuthError/Kind/invalidConfiguration`` when no client ID is known,
    ///   ``OAuthError/Kind/insecureEndpoint`` for an http endpoint the options do not allow.
    public static func client(
        clientID: String? = nil,
        clientSecret: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        codeExchange: (any CodeExchange)? = nil,
        clockSkew: TimeInterval = 120,
        pendingAuthorizationLifetime: TimeInterval = 600,
        allowInsecureLoopback: Bool = false,
        dpopKeyStorage: DPoPKeyStorage = .software
    ) throws(OAuthError) -> OAuthClient<Self> {
        try OAuthClient(overriding: configuration, clientID: clientID, clientSecret: clientSecret, transport: transport,
                        codeExchange: codeExchange, clockSkew: clockSkew, pendingAuthorizationLifetime: pendingAuthorizationLifetime,
                        allowInsecureLoopback: allowInsecureLoopback, dpopKeyStorage: dpopKeyStorage)
    }

    /// A session of this provider: sign-in, a valid access token with single-flight refresh,
    /// sign-out, and the sign-in kept in `store`.
    ///
    /// - Parameters:
    ///   - store: where the sign-in is kept between launches (`KeychainTokenStore`, ``FileTokenStore``).
    ///   - refreshLeeway: refresh this many seconds before the access token expires.
    ///   - allowedResourceOrigins: the API servers the session's token may go to; `nil` for any
    ///     https origin (see ``OAuthSession/init(client:store:refreshLeeway:allowedResourceOrigins:now:)``).
    ///   - client: the client the session signs in, refreshes and revokes with; `nil` for
    ///     `client()` with its defaults. Pass `try Provider.client(…)` for any other option.
    public static func session(
        store: any TokenStore = MemoryTokenStore(),
        refreshLeeway: TimeInterval = 60,
        allowedResourceOrigins: [URL]? = nil,
        client: OAuthClient<Self>? = nil
    ) throws(OAuthError) -> OAuthSession<Self> {
        // `??` would type the thrown error as `any Error`: its right side is an autoclosure.
        let client = if let client { client } else { try Self.client() }
        return OAuthSession(client: client, store: store, refreshLeeway: refreshLeeway, allowedResourceOrigins: allowedResourceOrigins)
    }
}
