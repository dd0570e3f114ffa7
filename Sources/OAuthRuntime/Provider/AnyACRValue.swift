/// An `acr` value of a provider that lists none: the values are the provider's own, with no
/// standard set to name.
public struct AnyACRValue: OAuthACRValue {
    /// The value as sent and as the ID token carries it.
    public let rawValue: String

    /// A value from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
