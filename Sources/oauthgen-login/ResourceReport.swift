// What `oauthgen-login --resource --json` prints.
extension OAuthGenLogin {
    /// What `--resource --json` prints: how the client got its ID and what the resource said,
    /// never a token or the registration access token. Every field `CommandLine.md` documents is
    /// in every report, `null` where it does not apply (a test holds the two together).
    struct ResourceReport: Encodable {
        var resource: String
        var authorization_server: String
        var client_id: String
        /// `preregistered`, `metadata-document` or `dynamic`.
        var registration: String
        /// The grant the client signs in with at the authorization server.
        var grant: String
        /// Whether the registration came from the --store file instead of a new one.
        var registration_reused: Bool
        /// Whether the sign-in came from the --store file (no browser).
        var sign_in_reused: Bool
        var scope: String?
        /// Whether a 403 insufficient_scope made the client sign in again with more scopes.
        var stepped_up: Bool
        /// Whether this run refreshed (or, with an identity provider, renewed) the stored token.
        var refreshed: Bool
        /// The RFC 7638 thumbprint of the DPoP key the tokens are bound to, if they are.
        var dpop_jkt: String?
        /// The final HTTP status of the call to the resource (a plain API; not with --mcp).
        var resource_status: Int?
        /// With --mcp: the server's tools (tools/list), or the --call tool's text content.
        var mcp_tools: [String]?
        var mcp_result: [String]?
        /// The catalog entry of the authorization server, when the catalog names it: what the
        /// session did differently there, and why.
        var server_quirks: ServerQuirksReport?
        /// With --device, when this run showed a code: where and what the user entered.
        var device: ResourceDeviceReport?
        /// With --identity-provider: its issuer.
        var identity_provider: String?
        /// With --identity-provider, when this run signed in or renewed with an ID-JAG: the two
        /// token requests it takes, in order (the exchange at the identity provider, the JWT
        /// bearer grant at the resource's authorization server).
        var hops: [Hop]?
        /// How long each step of the run took, in milliseconds, by the runtime's operation
        /// (`oauth.discovery`, `oauth.registration`, `oauth.sign_in`, `oauth.refresh`, …).
        var durations_ms: [String: Int]

        private enum CodingKeys: String, CodingKey {
            case resource, authorization_server, client_id, registration, grant, registration_reused, sign_in_reused,
                scope, stepped_up
            case refreshed, dpop_jkt, resource_status, mcp_tools, mcp_result, server_quirks, device, identity_provider,
                hops, durations_ms
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(resource, forKey: .resource)
            try container.encode(authorization_server, forKey: .authorization_server)
            try container.encode(client_id, forKey: .client_id)
            try container.encode(registration, forKey: .registration)
            try container.encode(grant, forKey: .grant)
            try container.encode(registration_reused, forKey: .registration_reused)
            try container.encode(sign_in_reused, forKey: .sign_in_reused)
            try container.encode(scope, forKey: .scope)
            try container.encode(stepped_up, forKey: .stepped_up)
            try container.encode(refreshed, forKey: .refreshed)
            try container.encode(dpop_jkt, forKey: .dpop_jkt)
            try container.encode(resource_status, forKey: .resource_status)
            try container.encode(mcp_tools, forKey: .mcp_tools)
            try container.encode(mcp_result, forKey: .mcp_result)
            try container.encode(server_quirks, forKey: .server_quirks)
            try container.encode(device, forKey: .device)
            try container.encode(identity_provider, forKey: .identity_provider)
            try container.encode(hops, forKey: .hops)
            try container.encode(durations_ms, forKey: .durations_ms)
        }
    }

    /// One token-endpoint request of enterprise-managed authorization.
    struct Hop: Encodable {
        /// The issuer asked.
        var at: String
        var grant_type: String
        /// What came back.
        var issued_token_type: String
    }
}

/// What `--resource --device --json` reports of the code it showed on standard error.
struct ResourceDeviceReport: Encodable, Sendable {
    var verification_uri: String
    var user_code: String
}

/// What `--resource --json` reports of the authorization server's catalog entry.
struct ServerQuirksReport: Encodable, Sendable {
    var name: String
    var applied: [String]
    var sources: [String]
}
