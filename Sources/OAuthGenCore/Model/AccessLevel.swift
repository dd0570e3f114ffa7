import OAuthPolicy

/// The access level of the generated declarations.
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    /// `public`: the generated type is part of its module's API.
    case `public`
    /// `internal` (the default): only the target it is generated in sees it.
    case `internal`
}
