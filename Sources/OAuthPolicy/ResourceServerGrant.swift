/// The grant a client of a protected resource uses at the resource's authorization server, and
/// the one rule for what that server's metadata must then say: read by the runtime's discovery,
/// before any registration, browser or identity provider. The build applies the same halves:
/// `oauthgen init --resource` (a browser client) `ResourceDiscoveryPlan.pkceRefusal`, and the
/// quirk file's `jwtBearerGrant` check `ExtensionGrant.refusal`, which this rule calls.
///
/// What a server must publish depends on the grant alone. The authorization code flow needs an
/// authorization endpoint and `S256` (the MCP authorization spec, "Authorization Code
/// Protection"). Enterprise-managed authorization never runs the code flow there: it redeems an
/// ID-JAG with the jwt-bearer grant, and discovers support through
/// `authorization_grant_profiles_supported` (MCP enterprise-managed authorization §6,
/// draft-ietf-oauth-identity-assertion-authz-grant §7.2) or `grant_types_supported` (RFC 8414 §2,
/// whose absence means `authorization_code` and `implicit` alone). A client with no one at the
/// keyboard needs its grant listed in `grant_types_supported` (the MCP client credentials and
/// workload identity extensions), and the device grant needs `device_authorization_endpoint`
/// (RFC 8628 §4). Nothing else is asked of it.
public enum ResourceServerGrant: Sendable, Hashable {
    /// A browser sign-in: the authorization code flow with PKCE.
    case authorizationCode
    /// An Identity Assertion JWT Authorization Grant redeemed with the jwt-bearer grant (RFC 7523).
    case identityAssertion
    /// The client as itself (RFC 6749 §4.4), for machine-to-machine access (MCP's OAuth client
    /// credentials extension, SEP-1046).
    case clientCredentials
    /// A workload platform's JWT presented with the jwt-bearer grant (RFC 7523 §2.1, MCP's
    /// workload identity federation extension, SEP-1933), whose metadata **must** list the grant
    /// in `grant_types_supported`: the ID-JAG profile is not enough.
    case workloadIdentity
    /// The device authorization grant (RFC 8628): the user signs in on another device.
    case deviceCode

    /// The `grant_type` of RFC 6749 §4.4.
    public static let clientCredentialsGrantType = "client_credentials"
    /// The `grant_type` of RFC 8628 §3.4.
    public static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// The metadata members the rule reads, each `nil` when the document leaves it out.
    public struct ServerMetadata: Sendable, Hashable {
        /// Whether `authorization_endpoint` is present.
        public var hasAuthorizationEndpoint: Bool
        /// `code_challenge_methods_supported`.
        public var codeChallengeMethods: [String]?
        /// `grant_types_supported`.
        public var grantTypes: [String]?
        /// `authorization_grant_profiles_supported`.
        public var grantProfiles: [String]?
        /// Whether `device_authorization_endpoint` is present.
        public var hasDeviceAuthorizationEndpoint: Bool

        /// The members, as a document has them.
        public init(
            hasAuthorizationEndpoint: Bool, codeChallengeMethods: [String]?, grantTypes: [String]?,
            grantProfiles: [String]?, hasDeviceAuthorizationEndpoint: Bool = false
        ) {
            self.hasAuthorizationEndpoint = hasAuthorizationEndpoint
            self.codeChallengeMethods = codeChallengeMethods
            self.grantTypes = grantTypes
            self.grantProfiles = grantProfiles
            self.hasDeviceAuthorizationEndpoint = hasDeviceAuthorizationEndpoint
        }
    }

    /// Why a client must not use this grant at the server `issuer` whose metadata is `metadata`,
    /// or `nil` when it may.
    public func refusal(_ metadata: ServerMetadata, issuer: String) -> String? {
        switch self {
        case .authorizationCode:
            guard metadata.hasAuthorizationEndpoint else {
                return
                    "expected the authorization server \(issuer) to have an \"authorization_endpoint\", found none: a browser sign-in needs one (RFC 8414 §2)"
            }
            return ResourceDiscoveryPlan.pkceRefusal(
                codeChallengeMethods: metadata.codeChallengeMethods, issuer: issuer)
        case .identityAssertion:
            // The redemption's own rule, so discovery refuses exactly what `redeem` would.
            return ExtensionGrant.jwtBearer.refusal(
                grantTypes: metadata.grantTypes, grantProfiles: metadata.grantProfiles
            ).map {
                "the authorization server \(issuer), which redeems the ID-JAG (MCP enterprise-managed authorization §6): \($0)"
            }
        case .clientCredentials:
            return Self.listing(
                Self.clientCredentialsGrantType, in: metadata.grantTypes, issuer: issuer,
                why: "a client with no user signs in as itself (RFC 6749 §4.4, MCP OAuth client credentials)")
        case .workloadIdentity:
            return Self.listing(
                ExtensionGrant.jwtBearer.rawValue, in: metadata.grantTypes, issuer: issuer,
                why: "a workload's JWT is presented with the jwt-bearer grant (MCP workload identity federation)")
        case .deviceCode:
            guard metadata.hasDeviceAuthorizationEndpoint else {
                return
                    "expected the authorization server \(issuer) to have a \"device_authorization_endpoint\", found none: the device grant starts there (RFC 8628 §4)"
            }
            // Listed or not: the endpoint says the server runs the grant; a list without it says
            // the server does not take it at the token endpoint.
            if let types = metadata.grantTypes, !types.contains(Self.deviceCodeGrantType) {
                return Self.listing(
                    Self.deviceCodeGrantType, in: types, issuer: issuer,
                    why: "the device grant polls with it (RFC 8628 §3.4)")
            }
            return nil
        }
    }

    /// Why a server whose `grant_types_supported` is `types` does not take `grantType`, or `nil`.
    private static func listing(_ grantType: String, in types: [String]?, issuer: String, why: String) -> String? {
        if types?.contains(grantType) == true { return nil }
        let found =
            types.map { $0.isEmpty ? "it empty" : $0.joined(separator: ", ") }
            ?? "it absent, which means authorization_code and implicit alone (RFC 8414 §2)"
        return
            "expected the authorization server \(issuer)'s grant_types_supported to list \(grantType): \(why); found \(found)"
    }
}
