/// The metadata keys of the runtime's log lines and the attribute keys of its spans: stable, so
/// an operator's queries keep working. Nothing under them is ever a token, code, secret,
/// assertion or key.
public struct OAuthTelemetryKey: RawRepresentable, Hashable, Sendable {
    /// The key as it appears in a log line's metadata or a span's attributes.
    public let rawValue: String

    /// A key by its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The authorization server's issuer identifier.
    public static let issuer = OAuthTelemetryKey(rawValue: "oauth.issuer")
    /// The protected resource (RFC 8707 / RFC 9728) a sign-in is for.
    public static let resource = OAuthTelemetryKey(rawValue: "oauth.resource")
    /// The client ID (public by definition, RFC 6749 §2.2).
    public static let clientID = OAuthTelemetryKey(rawValue: "oauth.client_id")
    /// The grant, as its `grant_type` (`authorization_code`, the device grant's URN, …).
    public static let grant = OAuthTelemetryKey(rawValue: "oauth.grant")
    /// Which endpoint a request went to (`token`, `jwks`, `metadata`, `registration`, `resource`, …).
    public static let endpoint = OAuthTelemetryKey(rawValue: "oauth.endpoint")
    /// How an operation ended: `success`, `adopted`, or an ``OAuthError/Kind`` name.
    public static let outcome = OAuthTelemetryKey(rawValue: "oauth.outcome")
    /// How long an operation or a wait took, in milliseconds.
    public static let durationMilliseconds = OAuthTelemetryKey(rawValue: "oauth.duration_ms")
    /// What kind of store a sign-in is kept in (`file`, `postgres`, `keychain`, `memory`).
    public static let store = OAuthTelemetryKey(rawValue: "oauth.store")
    /// The step a person is waiting on, for progress lines (``OAuthProgressStep``).
    public static let step = OAuthTelemetryKey(rawValue: "oauth.step")
    /// When a wait ends at the latest, as seconds since 1970 (a device code's expiry).
    public static let deadline = OAuthTelemetryKey(rawValue: "oauth.deadline")
    /// The ``OAuthError/Kind`` of a failure (the OpenTelemetry semantic conventions' name).
    public static let errorType = OAuthTelemetryKey(rawValue: "error.type")
    /// The request's method (OpenTelemetry HTTP semantic conventions).
    public static let httpMethod = OAuthTelemetryKey(rawValue: "http.request.method")
    /// The response's status code (OpenTelemetry HTTP semantic conventions).
    public static let httpStatusCode = OAuthTelemetryKey(rawValue: "http.response.status_code")
    /// The server's host (OpenTelemetry semantic conventions).
    public static let serverAddress = OAuthTelemetryKey(rawValue: "server.address")
    /// The server's port (OpenTelemetry semantic conventions).
    public static let serverPort = OAuthTelemetryKey(rawValue: "server.port")
    /// The request URL's scheme (OpenTelemetry semantic conventions).
    public static let urlScheme = OAuthTelemetryKey(rawValue: "url.scheme")
    /// The JSON-RPC method of an MCP request (OpenTelemetry MCP semantic conventions).
    public static let mcpMethod = OAuthTelemetryKey(rawValue: "mcp.method.name")
}
