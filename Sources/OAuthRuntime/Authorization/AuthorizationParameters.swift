import Foundation

/// The optional authorization request parameters of OIDC Core §3.1.2.1, typed by provider:
/// `prompt` takes the values the provider advertises.
///
/// ```swift
/// let signIn = try await client.signIn(with: agent, parameters: .init(prompt: [.selectAccount], loginHint: "ada@example.com"))
/// ```
public struct AuthorizationParameters<Provider: OAuthProvider>: Sendable, Hashable {
    /// `prompt`: whether to ask the user to sign in, consent or pick an account again.
    public var prompt: [Provider.Prompt]
    /// `login_hint`: the account the app expects, to prefill the sign-in form.
    public var loginHint: String?
    /// `max_age`: the longest time since the user last authenticated that the app accepts,
    /// in whole seconds; the ID token then carries `auth_time`.
    public var maxAge: Int?
    /// `ui_locales`: the user's preferred languages for the provider's pages (BCP 47 tags).
    public var uiLocales: [String]
    /// `acr_values`: the authentication context classes the app asks for, in order of preference.
    public var acrValues: [String]
    /// Parameters the provider defines beyond these; reserved ones (`state`, `redirect_uri`…)
    /// are refused.
    public var additional: [QuirkParameter]

    /// The parameters; every one is optional.
    public init(prompt: [Provider.Prompt] = [], loginHint: String? = nil, maxAge: Int? = nil, uiLocales: [String] = [],
                acrValues: [String] = [], additional: [QuirkParameter] = []) {
        self.prompt = prompt
        self.loginHint = loginHint
        self.maxAge = maxAge
        self.uiLocales = uiLocales
        self.acrValues = acrValues
        self.additional = additional
    }

    /// As request parameters, in a fixed order.
    var queryParameters: [QuirkParameter] {
        var result: [QuirkParameter] = []
        if !prompt.isEmpty { result.append(QuirkParameter(name: "prompt", value: prompt.map { $0.rawValue }.joined(separator: " "))) }
        if let loginHint { result.append(QuirkParameter(name: "login_hint", value: loginHint)) }
        if let maxAge { result.append(QuirkParameter(name: "max_age", value: String(maxAge))) }
        if !uiLocales.isEmpty { result.append(QuirkParameter(name: "ui_locales", value: uiLocales.joined(separator: " "))) }
        if !acrValues.isEmpty { result.append(QuirkParameter(name: "acr_values", value: acrValues.joined(separator: " "))) }
        return result + additional
    }
}
