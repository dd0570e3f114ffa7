internal import OAuthPolicy

/// Tolerances beyond RFC 6749 §5.1 when decoding a token endpoint response.
public struct TokenResponseQuirks: Sendable, Hashable, Codable {
    /// The body's media type.
    public var format: Format
    /// The provider omits `token_type`; treat a missing one as `Bearer`.
    public var missingTokenType: Bool
    /// The provider reports errors with HTTP 200; look for `error` in every response.
    public var errorsWithStatus200: Bool
    /// The token members are nested under this key path (e.g. `["authed_user"]`).
    public var nestedIn: [String]
    /// `token_type` values that mean a bearer token (compared without case), besides `Bearer`.
    public var bearerTokenTypes: [String]

    /// The body format of token responses.
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        /// `application/json`, as RFC 6749 §5.1 requires.
        case json
        /// `application/x-www-form-urlencoded`.
        case form
    }

    /// Tolerances; the defaults accept only RFC 6749 §5.1 responses.
    public init(
        format: Format = .json, missingTokenType: Bool = false, errorsWithStatus200: Bool = false,
        nestedIn: [String] = [],
        bearerTokenTypes: [String] = []
    ) {
        self.bearerTokenTypes = bearerTokenTypes
        self.format = format
        self.missingTokenType = missingTokenType
        self.errorsWithStatus200 = errorsWithStatus200
        self.nestedIn = nestedIn
    }
}
