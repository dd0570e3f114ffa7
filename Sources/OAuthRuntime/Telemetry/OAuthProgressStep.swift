/// What a person is waiting on, in a log line's ``OAuthTelemetryKey/step`` metadata: a terminal
/// tool turns these lines into progress (`oauthgen-login` does), an app into its own status text.
public struct OAuthProgressStep: RawRepresentable, Hashable, Sendable {
    /// The step's name in the metadata.
    public let rawValue: String

    /// A step by its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Reading a resource's and its authorization server's metadata.
    public static let discovering = OAuthProgressStep(rawValue: "discovering")
    /// Registering a client (RFC 7591).
    public static let registering = OAuthProgressStep(rawValue: "registering")
    /// Waiting for the person to finish in the browser.
    public static let waitingForBrowser = OAuthProgressStep(rawValue: "waiting_for_browser")
    /// Waiting for the person to approve a device code (the line carries its deadline).
    public static let waitingForApproval = OAuthProgressStep(rawValue: "waiting_for_approval")
    /// Waiting for another session or process that holds the store's lock (its refresh).
    public static let waitingForLock = OAuthProgressStep(rawValue: "waiting_for_lock")
    /// Renewing an expired access token.
    public static let refreshing = OAuthProgressStep(rawValue: "refreshing")
}
