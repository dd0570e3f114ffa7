/// An authentication context class reference (OIDC Core §2 `acr`, sent in `acr_values`):
/// how strongly the user must have authenticated, for example with a second factor. Generated
/// providers have a constant per value their metadata lists in `acr_values_supported` or their
/// quirk file declares in `acrValues`.
///
/// A provider whose metadata lists `pwd` and `mfa`:
///
/// ```swift
/// let signIn = try await client.signIn(with: agent, parameters: .init(acrValues: [.mfa]))
/// let usedSecondFactor = signIn.authenticationContextClass == .mfa
/// ```
public protocol OAuthACRValue: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral
where RawValue == String {
    /// A value from its string.
    init(rawValue: String)
}

extension OAuthACRValue {
    /// A value from a string literal, for values the provider does not list.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}
