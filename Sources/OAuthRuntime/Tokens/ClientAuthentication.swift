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
    /// Without a secret, the ID goes in HTTP Basic with an empty password.
    var basicWithoutSecret = false

    /// - Parameters:
    ///   - clientID: the registered client ID.
    ///   - method: how to send the secret; `.none` with a secret means "as the provider prefers",
    ///     read from `supported`.
    ///   - clientSecret: only for providers that insist on one (RFC 8252 §8.5).
    ///   - supported: the metadata's `token_endpoint_auth_methods_supported`.
    public init(clientID: String, method: TokenEndpointAuthMethod = .none, clientSecret: String? = nil, supported: [String] = []) {
        self.clientID = clientID
        self.method = clientSecret == nil ? .none : (method == .none ? Self.preferredSecretMethod(supported: supported) : method)
        self.clientSecret = clientSecret
    }

    /// `client_secret_basic` unless the provider lists `client_secret_post` without it: Basic is
    /// the default when the metadata is silent (OpenID Connect Discovery 1.0 §3, RFC 8414 §2)
    /// and the method every server must support (RFC 6749 §2.3.1).
    static func preferredSecretMethod(supported: [String]) -> TokenEndpointAuthMethod {
        if !supported.contains("client_secret_basic") && supported.contains("client_secret_post") { return .clientSecretPost }
        return .clientSecretBasic
    }

    /// Adds the client's credentials to a form request.
    func apply(to parameters: inout [(String, String)], headers: inout [String: String]) {
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
        "ClientAuthentication(clientID: \(clientID), method: \(method.rawValue)\(clientSecret == nil ? "" : ", secret: <redacted>"))"
    }
}

extension ClientAuthentication: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
