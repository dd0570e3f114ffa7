import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// A confidential client that reaches a protected resource as itself, with no user
/// (machine-to-machine, MCP's OAuth client credentials extension, SEP-1046): each token is asked
/// for with `grant_type=client_credentials` (RFC 6749 §4.4), the resource (RFC 8707) and its
/// scopes, authenticated with a secret or a key (`private_key_jwt`, RFC 7523 §2.2). No refresh
/// token is expected: an expired token is replaced by a new one, once for every process on the
/// store.
///
/// The client is registered at one authorization server (``issuer``): a resource that names
/// another is refused before the secret or an assertion goes there. Its secret or key never
/// appears in a description.
public struct ClientCredentialsIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The client ID at the authorization server.
    public let clientID: String
    /// The authorization server the client is registered at (its issuer, exactly).
    public let issuer: String
    /// The secret, for a server that authenticates the client so.
    let clientSecret: String?
    /// The key, for `private_key_jwt`.
    let clientKey: ClientKey?

    /// A client that authenticates with `clientSecret` (`client_secret_basic`, or
    /// `client_secret_post` where the server lists only that).
    public init(clientID: String, issuer: String, clientSecret: String) {
        self.clientID = clientID
        self.issuer = issuer
        self.clientSecret = clientSecret
        self.clientKey = nil
    }

    /// A client that authenticates with a fresh assertion signed by `clientKey` for each request
    /// (`private_key_jwt`).
    public init(clientID: String, issuer: String, clientKey: ClientKey) {
        self.clientID = clientID
        self.issuer = issuer
        self.clientSecret = nil
        self.clientKey = clientKey
    }

    /// The client and server; never the secret or key.
    public var description: String {
        "ClientCredentialsIdentity(clientID: \(clientID), issuer: \(issuer)"
            + "\(clientSecret == nil ? "" : ", secret: <redacted>")\(clientKey.map { ", key: \($0)" } ?? ""))"
    }
}

extension ClientCredentialsIdentity: CustomReflectable {
    /// Its description only: reflection never shows the secret.
    public var customMirror: Mirror { .redacted(self) }
}
