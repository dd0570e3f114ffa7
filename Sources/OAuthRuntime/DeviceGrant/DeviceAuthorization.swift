import Foundation

/// A device authorization in progress (RFC 8628 §3.2): what the app shows the user, and what
/// the client polls with until the user approves on another device.
///
/// Show ``userCode`` and ``verificationURI`` (or ``verificationURIComplete`` as a QR code or a
/// link), then call ``OAuthClient/signIn(with:clock:now:)`` with it, which polls until the user
/// approves, denies, or the code expires.
///
/// The device code is a credential for the whole wait: it is kept inside, and no `description`,
/// log or error shows it, nor the user code.
public struct DeviceAuthorization<Provider: OAuthProvider>: Sendable, Hashable, CustomStringConvertible {
    /// The code the user types at ``verificationURI``.
    public let userCode: String
    /// Where the user goes, on a device with a browser, to enter ``userCode``.
    ///
    /// It is the server's choice and need not be on the issuer's host (Google's is
    /// `google.com/device`, Microsoft's `microsoft.com/devicelogin`); the client checks only that it
    /// is https. Show it whole, host included, so the user sees where they are sent and can tell a
    /// page they know from another (RFC 8628 §5.4, §5.7) — never shorten it to a "go here" link.
    public let verificationURI: URL
    /// The same page with the user code filled in, when the provider offers one (for a QR code).
    public let verificationURIComplete: URL?
    /// When the codes stop working; polling ends here with ``OAuthError/Kind/pendingAuthorizationExpired``.
    public let expiresAt: Date
    /// The minimum time between polls the server asked for (RFC 8628 §3.2; 5 s when it is silent).
    public let interval: Duration

    /// The credential the client polls with (RFC 8628 §3.4).
    let deviceCode: String
    /// What was asked for; an OpenID sign-in's ID token is then required.
    let scopes: [String]
    /// The client and issuer it was made for: another client cannot finish it.
    let clientID: String
    let issuer: String?
    /// The key the tokens will be bound to, for a client with DPoP-bound tokens.
    let dpopKey: DPoPSigningKey?

    init(
        userCode: String, verificationURI: URL, verificationURIComplete: URL?, expiresAt: Date, interval: Duration,
        deviceCode: String, scopes: [String], clientID: String, issuer: String?, dpopKey: DPoPSigningKey? = nil
    ) {
        self.dpopKey = dpopKey
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
        self.interval = interval
        self.deviceCode = deviceCode
        self.scopes = scopes
        self.clientID = clientID
        self.issuer = issuer
    }

    /// Where the user goes and until when; never the codes.
    public var description: String {
        "DeviceAuthorization(verificationURI: \(verificationURI.absoluteString), expiresAt: \(expiresAt), interval: \(interval))"
    }
}

extension DeviceAuthorization: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
