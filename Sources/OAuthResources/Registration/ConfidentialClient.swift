import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A client registered by hand at one authorization server, with a secret, that signs a user in
/// through the user agent (the code flow with PKCE): an agent on a server with a person at a
/// browser, or a server that requires a secret at its token endpoint (GitHub's OAuth apps do).
///
/// RFC 8252 §8.5 forbids a secret compiled into an app, which every copy shares; a secret given
/// to one installation at run time (a file, the environment) is a confidential client's, and
/// OAuth 2.1 §2.4 says such a client must authenticate with it: at the token endpoint, for each
/// refresh, and at revocation.
///
/// Bound to ``issuer`` as a pre-registered client is: a resource that names another server is
/// refused before anything is sent there. The secret never appears in a description, a store,
/// a log or a report.
public struct ConfidentialClient: Sendable, Hashable, CustomStringConvertible {
    /// The client ID at the authorization server.
    public let clientID: String
    /// The authorization server that issued it (its issuer, exactly).
    public let issuer: String
    /// The secret: sent with `client_secret_basic`, or `client_secret_post` where the server
    /// lists only that.
    let clientSecret: String

    /// A client registered at `issuer` as `clientID`, authenticating with `clientSecret`.
    public init(clientID: String, issuer: String, clientSecret: String) {
        self.clientID = clientID
        self.issuer = issuer
        self.clientSecret = clientSecret
    }

    /// The client and server; never the secret.
    public var description: String {
        "ConfidentialClient(clientID: \(clientID), issuer: \(issuer), secret: <redacted>)"
    }
}

extension ConfidentialClient: CustomReflectable {
    /// Its description only: reflection never shows the secret.
    public var customMirror: Mirror { .redacted(self) }
}
