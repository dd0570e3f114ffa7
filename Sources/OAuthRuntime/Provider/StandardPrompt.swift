/// The `prompt` values OIDC Core §3.1.2.1 defines, for providers that advertise none.
public struct StandardPrompt: OAuthPrompt {
    /// The value as sent.
    public let rawValue: String

    /// A prompt value from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// No user interface: fail with `login_required` or `consent_required` instead.
    public static let none = StandardPrompt(rawValue: "none")
    /// Ask the user to sign in again.
    public static let login = StandardPrompt(rawValue: "login")
    /// Ask the user for consent again.
    public static let consent = StandardPrompt(rawValue: "consent")
    /// Let the user choose among their accounts.
    public static let selectAccount = StandardPrompt(rawValue: "select_account")
}
