/// A `prompt` value (OIDC Core §3.1.2.1); generated providers have a constant per value their
/// discovery document advertises in `prompt_values_supported`.
public protocol OAuthPrompt: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral where RawValue == String {
    /// A prompt value from its string.
    init(rawValue: String)
}

extension OAuthPrompt {
    /// A prompt value from a string literal, for values the provider does not advertise.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}
