import Foundation

/// A spec-minimal OpenID provider for OpenID Connect Native SSO (draft 07) on 127.0.0.1
/// (`Tests/Support/native-sso/authorization_server.py`): the code flow with PKCE for public
/// clients, approved at once for the user `alice`; a device secret for `device_sso`, to a family's
/// client only; the token exchange for a client of the same family.
public final class NativeSSOPeer {
    /// The first app of the family `bank`.
    public static let firstApp = "bank-app"
    /// Its sibling in the family.
    public static let siblingApp = "bank-investing-app"
    /// An app of another family, `games`.
    public static let otherFamilysApp = "games-app"
    /// An app of no family.
    public static let loneApp = "lone-app"
    /// The redirect URI every client registered (a loopback one: any port, RFC 8252 §7.3).
    public static let redirectURI = "http://127.0.0.1/callback"

    /// The provider's issuer.
    public let issuer: String
    let process: Process
    /// Where its configuration and log are.
    let directory: URL

    /// Starts it. `nativeSSOSupported`: whether its discovery document says `native_sso_supported`
    /// (the member is absent otherwise). `idTokenLifetime`: seconds its ID tokens live.
    /// `exchangeSubject`: a subject it puts in every exchanged ID token, to answer for another user.
    /// `deviceSecretTokenType`: the `actor_token_type` it takes. `exchangeRefreshToken`: whether
    /// the exchange's answer has a refresh token (optional, RFC 8693 §2.2.1). `rotatesDeviceSecret`:
    /// whether it answers with a new device secret (optional, Native SSO draft 07 §4.4).
    public init(
        nativeSSOSupported: Bool = true, idTokenLifetime: Int = 300, exchangeSubject: String? = nil,
        deviceSecretTokenType: String? = nil, exchangeRefreshToken: Bool = true, rotatesDeviceSecret: Bool = false
    ) throws {
        let python = try DjangoProvider.instance().python
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-native-sso-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("authorization-server.json")
        func client(_ id: String, family: String?) -> [String: Any] {
            var entry: [String: Any] = ["client_id": id, "redirect_uris": [Self.redirectURI]]
            if let family { entry["family"] = family }
            return entry
        }
        var object: [String: Any] = [
            "native_sso_supported": nativeSSOSupported, "id_token_lifetime": idTokenLifetime,
            "exchange_refresh_token": exchangeRefreshToken, "rotate_device_secret": rotatesDeviceSecret,
            "clients": [
                client(Self.firstApp, family: "bank"), client(Self.siblingApp, family: "bank"),
                client(Self.otherFamilysApp, family: "games"), client(Self.loneApp, family: nil),
            ],
            "log": directory.appendingPathComponent("authorization-server.log").path,
        ]
        if let exchangeSubject { object["exchange_subject"] = exchangeSubject }
        if let deviceSecretTokenType { object["device_secret_token_type"] = deviceSecretTokenType }
        try JSONSerialization.data(withJSONObject: object).write(to: configuration, options: .atomic)
        let (process, port) = try startScript(
            "native-sso/authorization_server.py", named: "the Native SSO provider", python: python,
            arguments: [configuration.path])
        self.process = process
        issuer = "http://127.0.0.1:\(port)"
    }

    /// The token requests it received, in order: each parameter but the credentials, which are
    /// listed by name under `has` (never a token, code or secret).
    public func tokenRequests() -> [[String: Any]] { MachinePeer.requests(in: directory) }

    /// Stops it and removes its files.
    public func stop() {
        process.end()
        try? FileManager.default.removeItem(at: directory)
    }
}
