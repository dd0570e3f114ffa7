import Foundation

/// How the client identifies itself at the token and revocation endpoints (RFC 6749 §2.3).
@_spi(BuildingBlocks)
public struct ClientAuthentication: Sendable, Hashable {
    /// The client ID sent with every token request.
    public var clientID: String
    /// How the client authenticates.
    public var method: TokenEndpointAuthMethod
    /// Only for providers that insist on one. A secret shipped in an app is not secret
    /// (RFC 8252 §8.5); it is never logged or described.
    var clientSecret: String?
    /// The key that signs a client assertion for each request (`private_key_jwt`).
    var clientKey: ClientKey?
    /// The assertion's `aud`: the authorization server's issuer (its token endpoint for a server
    /// configured without one).
    var assertionAudience: String?
    /// Without a secret, the ID goes in HTTP Basic with an empty password.
    var basicWithoutSecret = false
    /// Nothing identifies the client (`ClientOptions.anonymous`): no `client_id`, no credentials.
    package var anonymous = false

    /// - Parameters:
    ///   - clientID: the registered client ID.
    ///   - method: how to send the secret; `.none` with a secret means "as the provider prefers",
    ///     read from `supported`.
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5).
    ///   - clientKey: the key for `private_key_jwt`; given, it is the method.
    ///   - supported: the metadata's `token_endpoint_auth_methods_supported`.
    public init(
        clientID: String, method: TokenEndpointAuthMethod = .none, clientSecret: String? = nil,
        clientKey: ClientKey? = nil,
        supported: [String] = []
    ) {
        self.clientID = clientID
        if clientKey != nil || method == .privateKeyJWT {
            // Without its key, each request fails with a configuration error naming the key: a
            // silent fall back to a public client would be refused by the server less clearly.
            self.method = .privateKeyJWT
        } else {
            self.method =
                clientSecret == nil
                ? .none : (method == .none ? Self.preferredSecretMethod(supported: supported) : method)
        }
        self.clientSecret = clientSecret
        self.clientKey = clientKey
    }

    /// `client_secret_basic` unless the provider lists `client_secret_post` without it: Basic is
    /// the default when the metadata is silent (OpenID Connect Discovery 1.0 §3, RFC 8414 §2)
    /// and the method every server must support (RFC 6749 §2.3.1).
    static func preferredSecretMethod(supported: [String]) -> TokenEndpointAuthMethod {
        if !supported.contains("client_secret_basic") && supported.contains("client_secret_post") {
            return .clientSecretPost
        }
        return .clientSecretBasic
    }

    /// Adds the client's credentials to a form request; a client assertion is made afresh for
    /// each one.
    func apply(
        to parameters: inout [(String, String)], headers: inout [String: String], now: Date = Date()
    ) throws(OAuthError) {
        if anonymous { return }
        if method == .privateKeyJWT {
            guard let clientKey else {
                throw OAuthError.invalidConfiguration(
                    "expected a client key (ClientOptions.clientKey) for private_key_jwt, found none")
            }
            guard let assertionAudience else {
                throw OAuthError.invalidConfiguration(
                    "expected an issuer to address the client assertion to, found none")
            }
            // RFC 7521 §4.2: client_id may go along; it names the client for servers that look it
            // up before reading the assertion.
            parameters.append(("client_id", clientID))
            parameters.append(("client_assertion_type", ClientAssertion.type))
            parameters.append(
                (
                    "client_assertion",
                    try ClientAssertion.make(key: clientKey, clientID: clientID, audience: assertionAudience, now: now)
                ))
            return
        }
        switch (method, clientSecret) {
        case (.clientSecretBasic, let secret?):
            // RFC 6749 §2.3.1: each part form-encoded before base64.
            let credentials = "\(FormEncoding.escape(clientID)):\(FormEncoding.escape(secret))"
            headers["Authorization"] = "Basic " + Data(credentials.utf8).base64EncodedString()
        case (.clientSecretPost, let secret?):
            parameters.append(("client_id", clientID))
            parameters.append(("client_secret", secret))
        case (_, nil) where basicWithoutSecret:
            headers["Authorization"] = "Basic " + Data("\(FormEncoding.escape(clientID)):".utf8).base64EncodedString()
        default:
            parameters.append(("client_id", clientID))
        }
    }
}

extension ClientAuthentication: CustomStringConvertible {
    public var description: String {
        "ClientAuthentication(clientID: \(clientID), method: \(method.rawValue)\(clientSecret == nil ? "" : ", secret: <redacted>")\(clientKey.map { ", key: \($0)" } ?? ""))"
    }
}

extension ClientAuthentication: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
