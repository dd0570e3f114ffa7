import Foundation

/// What one app of a family leaves for its siblings (OpenID Connect Native SSO for Mobile Apps
/// 1.0 draft 07 §2): the ID token of its sign-in, which carries `ds_hash` and `sid`, and the
/// device secret issued with it. A sibling exchanges the two for tokens of its own (§4) and never
/// opens a browser. Both are secrets: the description shows neither.
public struct FamilySignIn: Sendable, Hashable, Codable {
    /// The issuer both were issued by.
    public var issuer: String
    /// The client ID of the app that signed in.
    public var clientID: String
    /// The ID token as received (compact JWS); never printed.
    public var idToken: String
    /// The device secret, opaque to every app (§3.2); never printed.
    public var deviceSecret: String
    /// When the app kept them.
    public var keptAt: Date

    /// A family sign-in from its parts.
    public init(issuer: String, clientID: String, idToken: String, deviceSecret: String, keptAt: Date = Date()) {
        self.issuer = issuer
        self.clientID = clientID
        self.idToken = idToken
        self.deviceSecret = deviceSecret
        self.keptAt = keptAt
    }
}

extension FamilySignIn: CustomStringConvertible, CustomDebugStringConvertible {
    /// The issuer, the app and when, never the ID token or the device secret.
    public var description: String {
        "FamilySignIn(issuer: \(issuer), clientID: \(clientID), keptAt: \(keptAt), idToken: <redacted>, deviceSecret: <redacted>)"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }
}

extension FamilySignIn: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
