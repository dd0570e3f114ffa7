import Foundation

/// How a client is made beyond its provider's configuration: the one set of client options,
/// taken by every way to make a client (``GeneratedProvider/client(options:)``,
/// ``OAuthClient/init(configuration:options:)`` for a ``DiscoveredProvider``) and kept by the
/// client as ``OAuthClient/options``.
///
/// ```swift
/// let client = try Google.client(options: ClientOptions(codeExchange: exchange, clockSkew: 60))
/// ```
public struct ClientOptions: Sendable {
    /// Overrides the configuration's client ID (`nil`: the registration's, else the quirk file's).
    public var clientID: String?
    /// How the client ID was obtained at run time (RFC 7591 or a metadata document): its
    /// client ID is used, and a session keeps the record with each sign-in for the next run.
    public var registration: ClientRegistrationRecord?
    /// A client secret, only for providers that insist on one: in an app it is not secret (RFC 8252 §8.5).
    public var clientSecret: String?
    /// The key of a confidential client that proves itself with `private_key_jwt` (an agent on a
    /// server, a managed device): every token-endpoint request then carries a fresh assertion
    /// signed with it. Never in a description or a log.
    public var clientKey: ClientKey?
    /// The way out to the network (`URLSession` without caching, cookies or redirects by default).
    public var transport: any HTTPTransport
    /// Where codes are exchanged for tokens; `nil` for the provider's token endpoint.
    public var codeExchange: (any CodeExchange)?
    /// The clock difference ID token times may show, in seconds.
    public var clockSkew: TimeInterval
    /// A pending authorization older than this is refused, in seconds (10 minutes by default: an
    /// authorization code lives at most that long, RFC 6749 §4.1.2).
    public var pendingAuthorizationLifetime: TimeInterval
    /// Accept `http` endpoints on 127.0.0.1 or [::1], for a provider on the developer's machine.
    /// Not needed for one whose quirk file declares `loopbackDevelopmentServer` (the build then
    /// notes it once instead of warning per endpoint). Every other endpoint must be https.
    public var allowInsecureLoopback: Bool
    /// Where each sign-in's DPoP key is made (`.secureEnclave` on Apple devices), for a provider
    /// whose quirk file says `dpop`; other providers make no key.
    public var dpopKeyStorage: DPoPKeyStorage
    /// Whether the client identifies itself by nothing at the token endpoint: a workload that
    /// presents its platform's JWT has no client ID (MCP workload identity federation), so the
    /// client's ID is a name for its store and never sent.
    package var anonymous = false
    /// Where the client, its sessions and their requests report what they do (``OAuthTelemetry``):
    /// a silent logger, and with the `Telemetry` trait the metrics and tracing systems the app
    /// bootstrapped.
    public var telemetry: OAuthTelemetry
    /// The family of apps this one shares its sign-in with (OpenID Connect Native SSO), or `nil`
    /// for an app on its own: ``AppFamily``.
    public var family: AppFamily?

    /// Options; each left out keeps its default.
    public init(
        clientID: String? = nil,
        clientSecret: String? = nil,
        clientKey: ClientKey? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        codeExchange: (any CodeExchange)? = nil,
        clockSkew: TimeInterval = 120,
        pendingAuthorizationLifetime: TimeInterval = 600,
        allowInsecureLoopback: Bool = false,
        dpopKeyStorage: DPoPKeyStorage = .software,
        registration: ClientRegistrationRecord? = nil,
        telemetry: OAuthTelemetry = OAuthTelemetry(),
        family: AppFamily? = nil
    ) {
        self.telemetry = telemetry
        self.family = family
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.clientKey = clientKey
        self.transport = transport
        self.codeExchange = codeExchange
        self.clockSkew = clockSkew
        self.pendingAuthorizationLifetime = pendingAuthorizationLifetime
        self.allowInsecureLoopback = allowInsecureLoopback
        self.dpopKeyStorage = dpopKeyStorage
        self.registration = registration
    }
}
