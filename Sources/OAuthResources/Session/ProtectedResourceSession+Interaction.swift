import OAuthRuntime

extension ProtectedResourceSession {
    /// Whether a sign-in or a step-up may open the user agent.
    public enum Interaction: Sendable, Hashable {
        /// When the resource needs a sign-in or more scopes, the user agent opens.
        case allowed
        /// Nothing opens: a needed sign-in or step-up throws `OAuthError/Kind/interactionRequired`.
        case never
    }
}
