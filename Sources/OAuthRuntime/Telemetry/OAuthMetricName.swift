/// The runtime's metrics, by the label swift-metrics gets. Their dimensions are bounded: a
/// grant, an endpoint's role, a store's kind, an outcome (`success`, `adopted`, or an
/// ``OAuthError/Kind`` name) or a status class; never a user, a URL or a token.
public struct OAuthMetricName: RawRepresentable, Hashable, Sendable {
    /// The label.
    public let rawValue: String

    /// A metric by its label.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Sign-ins, by `grant` and `outcome` (counter).
    public static let signIns = OAuthMetricName(rawValue: "oauth_sign_ins_total")
    /// How long whole sign-ins took, by `grant` and `outcome` (timer).
    public static let signInDuration = OAuthMetricName(rawValue: "oauth_sign_in_duration_seconds")
    /// Refreshes, by `outcome`: `success` for one that asked the token endpoint, `adopted` for one
    /// that found a sibling's fresh tokens under the store's lock (counter).
    public static let refreshes = OAuthMetricName(rawValue: "oauth_refreshes_total")
    /// How long refreshes took, lock wait included, by `outcome` (timer).
    public static let refreshDuration = OAuthMetricName(rawValue: "oauth_refresh_duration_seconds")
    /// Step-ups a resource asked for (RFC 9470, `insufficient_scope`), by `outcome` (counter).
    public static let stepUps = OAuthMetricName(rawValue: "oauth_step_ups_total")
    /// Client registrations (RFC 7591) and reuses of a kept one, by `outcome` (counter).
    public static let registrations = OAuthMetricName(rawValue: "oauth_registrations_total")
    /// Requests a protected resource refused, by `kind` (counter).
    public static let refusals = OAuthMetricName(rawValue: "oauth_resource_refusals_total")
    /// Requests to the authorization server and the resource, by `endpoint` and `status_class`
    /// (`2xx`, `4xx`, `5xx`, `network`) (timer).
    public static let requestDuration = OAuthMetricName(rawValue: "oauth_http_request_duration_seconds")
    /// Waits for a shared store's lock, by `store` (timer).
    public static let lockWait = OAuthMetricName(rawValue: "oauth_lock_wait_duration_seconds")
}
