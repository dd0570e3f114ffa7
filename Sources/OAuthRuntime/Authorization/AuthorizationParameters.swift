import Foundation
internal import OAuthPolicy

/// The optional authorization request parameters of OIDC Core §3.1.2.1, typed by provider:
/// `prompt` and `acr_values` take the values the provider advertises.
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
    /// in whole seconds. The ID token must then carry an `auth_time` no older (OIDC Core
    /// §3.1.2.1), or the sign-in fails: `invalidIDToken` without one (a provider that ignores
    /// `max_age`), ``OAuthError/Kind/insufficientAuthentication`` with an older one.
    public var maxAge: Int?
    /// `ui_locales`: the user's preferred languages for the provider's pages (BCP 47 tags).
    public var uiLocales: [String]
    /// `acr_values`: the authentication context classes the app asks for, in order of preference.
    /// The provider may answer with another: read ``SignIn/authenticationContextClass``.
    public var acrValues: [Provider.ACRValue]
    /// Parameters the provider defines beyond these; reserved ones (`state`, `redirect_uri`…)
    /// are refused.
    public var additional: [QuirkParameter]

    /// The parameters; every one is optional.
    public init(
        prompt: [Provider.Prompt] = [], loginHint: String? = nil, maxAge: Int? = nil, uiLocales: [String] = [],
        acrValues: [Provider.ACRValue] = [], additional: [QuirkParameter] = []
    ) {
        self.prompt = prompt
        self.loginHint = loginHint
        self.maxAge = maxAge
        self.uiLocales = uiLocales
        self.acrValues = acrValues
        self.additional = additional
    }

    /// As request parameters, in a fixed order. A list value holding a space would reach the
    /// server as two values, so it is refused; so is a negative `max_age`.
    func queryParameters() throws(OAuthError) -> [QuirkParameter] {
        var result: [QuirkParameter] = []
        func list(_ name: String, _ values: [String]) throws(OAuthError) {
            guard !values.isEmpty else { return }
            for value in values {
                if let problem = SpaceSeparatedValue.problem(in: value) {
                    throw OAuthError.invalidRequest(
                        "expected each \(name) value to be \(SpaceSeparatedValue.expectation), found \(problem)")
                }
            }
            result.append(QuirkParameter(name: name, value: values.joined(separator: " ")))
        }
        try list("prompt", prompt.map(\.rawValue))
        if let loginHint { result.append(QuirkParameter(name: "login_hint", value: loginHint)) }
        if let maxAge {
            guard maxAge >= 0 else {
                throw OAuthError.invalidRequest(
                    "expected max_age to be a number of seconds, 0 or more, found \(maxAge)")
            }
            result.append(QuirkParameter(name: "max_age", value: String(maxAge)))
        }
        try list("ui_locales", uiLocales)
        try list("acr_values", acrValues.map(\.rawValue))
        return result + additional
    }
}
