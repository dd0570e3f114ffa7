import Foundation

/// A provider described at run time, from a discovery document fetched or read by the app (as
/// `oauthgen-login` does): the same client, sign-in and session types, with untyped scopes and
/// claims, and every endpoint checked when it is used rather than at compile time.
///
/// ```swift
/// let configuration = try ProviderConfiguration(discoveryDocument: data, expectedIssuer: issuer)
/// let client = try OAuthClient<DiscoveredProvider>(configuration: configuration, clientID: "my-app")
/// ```
public enum DiscoveredProvider: OAuthProvider, SupportsRevocation, SupportsUserInfo, SupportsDeviceAuthorization {
    /// Any scope string.
    public typealias Scope = ScopeValue
    /// The ID token's claims as JSON values, with `sub`.
    public typealias Claims = StandardClaims
    /// The userinfo response as JSON values (for an OpenID provider, its `sub` is checked).
    public typealias UserInfo = [String: ClaimValue]
    /// Any redirect URI that passes the RFC 8252 checks.
    public typealias RedirectURI = RegisteredRedirectURI
}

/// A scope string, for providers without generated scope constants.
public struct ScopeValue: OAuthScope {
    /// The scope as sent.
    public let rawValue: String

    /// A scope from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

/// ID token claims as JSON values, for providers without a generated `Claims` type.
public struct StandardClaims: OAuthClaims, Hashable {
    /// The subject.
    public let sub: String
    /// Every claim, `sub` included.
    public let values: [String: ClaimValue]

    /// Claims from their values; `values["sub"]` is set to `sub`.
    public init(sub: String, values: [String: ClaimValue] = [:]) {
        self.sub = sub
        var values = values
        values["sub"] = .string(sub)
        self.values = values
    }

    /// Decodes a JSON object with a string `sub`.
    public init(from decoder: any Decoder) throws {
        let values = try [String: ClaimValue](from: decoder)
        guard let sub = values["sub"]?.stringValue else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a string \"sub\" claim, found none"))
        }
        self.sub = sub
        self.values = values
    }

    /// Encodes every claim, `sub` included, as the JSON object it was.
    public func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }

    /// A claim by name.
    public subscript(name: String) -> ClaimValue? { values[name] }
}
