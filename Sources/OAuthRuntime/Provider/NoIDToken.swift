import Foundation

/// The claims of an OAuth-only provider, which issues no ID token: no value of it exists.
public enum NoIDToken: OAuthClaims {
    /// Never called: there is no value to call it on.
    public var sub: String {
        switch self {}
    }

    /// Always throws: an OAuth-only provider's sign-in has no ID token to decode.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "an OAuth-only provider issues no ID token"))
    }

    /// Never called: there is no value to encode.
    public func encode(to encoder: any Encoder) throws {
        switch self {}
    }
}
