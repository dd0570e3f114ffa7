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
/// whose absence means `authorization_code` and `implicit` alone). Nothing else is asked of it.
public enum ResourceServerGrant: Sendable, Hashable {
    /// A browser sign-in: the authorization code flow with PKCE.
    case authorizationCode
    /// An Identity Assertion JWT Authorization Grant redeemed with the jwt-bearer grant (RFC 7523).
    case identityAssertion

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

        /// The members, as a document has them.
        public init(
            hasAuthorizationEndpoint: Bool, codeChallengeMethods: [String]?, grantTypes: [String]?,
            grantProfiles: [String]?
        ) {
            self.hasAuthorizationEndpoint = hasAuthorizationEndpoint
            self.codeChallengeMethods = codeChallengeMethods
            self.grantTypes = grantTypes
            self.grantProfiles = grantProfiles
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
        }
    }
}
