import OAuthPolicy

/// The access level of the generated declarations.
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `internal`
}
