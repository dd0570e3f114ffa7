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
    /// A client of this provider, with `options` beyond what the quirk file says (the client
    /// ID, a transport, a backend code exchange, DPoP key storage…).
    ///
    /// - Throws: ``OAuthError/Kind/invalidConfiguration`` when no client ID is known,
    ///   ``OAuthError/Kind/insecureEndpoint`` for an http endpoint the options do not allow.
    public static func client(options: ClientOptions = ClientOptions()) throws(OAuthError) -> OAuthClient<Self> {
        try OAuthClient(overriding: configuration, options: options)
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
    ///     `client()` with its defaults. Pass `try Provider.client(options:)` for any other option.
    public static func session(
        store: any TokenStore = MemoryTokenStore(),
        refreshLeeway: TimeInterval = 60,
        allowedResourceOrigins: [URL]? = nil,
        client: OAuthClient<Self>? = nil
    ) throws(OAuthError) -> OAuthSession<Self> {
        // `??` would type the thrown error as `any Error`: its right side is an autoclosure.
        let client = if let client { client } else { try Self.client() }
        return OAuthSession(
            client: client, store: store, refreshLeeway: refreshLeeway, allowedResourceOrigins: allowedResourceOrigins)
    }
}
