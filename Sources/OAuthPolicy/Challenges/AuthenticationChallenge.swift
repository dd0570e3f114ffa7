/// One challenge of a `WWW-Authenticate` field (RFC 9110 §11.6.1): a scheme and either a token68
/// or named parameters. ``WWWAuthenticate/parse(_:)`` reads them; the runtime, the OpenAPI
/// middleware and `oauthgen init --resource` all read a resource server's answer through it.
public struct AuthenticationChallenge: Sendable, Hashable, CustomStringConvertible {
    /// The scheme as sent (`Bearer`, `DPoP`, `Basic`); compare it with ``isScheme(_:)``, since
    /// schemes are case-insensitive (RFC 9110 §11.1).
    public var scheme: String
    /// The token68 form's value, when the challenge has one instead of parameters.
    public var token68: String?
    /// The parameters in the order sent, names as sent, values unquoted.
    public var parameters: [(name: String, value: String)]

    /// A challenge from its parts.
    public init(scheme: String, token68: String? = nil, parameters: [(name: String, value: String)] = []) {
        self.scheme = scheme
        self.token68 = token68
        self.parameters = parameters
    }

    /// Whether the scheme is `name`, ignoring case.
    public func isScheme(_ name: String) -> Bool {
        WWWAuthenticate.equalIgnoringASCIICase(scheme, name)
    }

    /// Whether it is a `Bearer` or `DPoP` challenge: one about the access token (RFC 6750 §3,
    /// RFC 9449 §7.1), which the errors and parameters below belong to.
    public var isAccessTokenChallenge: Bool { isScheme("Bearer") || isScheme("DPoP") }

    /// The parameter named `name` (ignoring case, RFC 9110 §11.2), or `nil`.
    public subscript(_ name: String) -> String? {
        parameters.first { WWWAuthenticate.equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// `error` (RFC 6750 §3; RFC 9449 §7.1; RFC 9470 §3): `invalid_token`, `insufficient_scope`,
    /// `use_dpop_nonce`, `insufficient_user_authentication`…
    public var error: String? { self["error"] }
    /// `error_description`: text for a developer, never shown to a user as it is.
    public var errorDescription: String? { self["error_description"] }
    /// `scope` (RFC 6750 §3): the scopes the resource needs, space-separated there.
    public var scopes: [String]? { self["scope"].map(Self.words) }
    /// `resource_metadata` (RFC 9728 §5.1): where the resource's metadata is, as sent (the
    /// caller checks it is a URL it will fetch).
    public var resourceMetadata: String? { self["resource_metadata"] }
    /// `acr_values` (RFC 9470 §3): the authentication context classes the resource asks for.
    public var acrValues: [String]? { self["acr_values"].map(Self.words) }
    /// `max_age` (RFC 9470 §3): the most seconds since the user authenticated the resource accepts.
    public var maxAge: Int? { self["max_age"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
    /// `algs` (RFC 9449 §7.1): the DPoP proof algorithms the resource accepts.
    public var algorithms: [String]? { self["algs"].map(Self.words) }

    /// The scheme and parameter names, never their values: a challenge may carry a nonce or a
    /// description an attacker wrote, and descriptions end up in logs.
    public var description: String {
        "\(scheme)" + (token68 == nil ? "" : " <token68>")
            + (parameters.isEmpty ? "" : " (\(parameters.map(\.name).joined(separator: ", ")))")
    }

    public static func == (lhs: AuthenticationChallenge, rhs: AuthenticationChallenge) -> Bool {
        lhs.scheme == rhs.scheme && lhs.token68 == rhs.token68
            && lhs.parameters.map(\.name) == rhs.parameters.map(\.name)
            && lhs.parameters.map(\.value) == rhs.parameters.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(token68)
        for parameter in parameters {
            hasher.combine(parameter.name)
            hasher.combine(parameter.value)
        }
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
}
