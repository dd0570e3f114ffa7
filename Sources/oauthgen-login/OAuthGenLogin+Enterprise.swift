import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
// --identity-provider: enterprise-managed authorization. The run signs in at the company's
// identity provider (kept in --store beside the resource's sign-in), and the resource session
// trades its ID token for ID-JAGs there.
extension OAuthGenLogin {
    /// The app's session at the identity provider `issuer`, kept in `store` beside the resource's
    /// sign-ins; not signed in here: that happens when an ID-JAG is first needed, after the
    /// resource and its server were checked (`IdentityProviderSignIn`).
    func identityProviderSession(
        _ issuer: String, store: (any AccountTokenStore)?
    ) async throws(OAuthError) -> OAuthSession<DiscoveredProvider> {
        guard let identityClientID = enterpriseOptions.identityClientID else {
            throw OAuthError(
                .invalidConfiguration, "expected --identity-client-id with --identity-provider, found none")
        }
        let transport = LoginTransport.make()
        let configuration = try await loadConfiguration(issuer: issuer, transport: transport, needsRevocation: false)
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(
                clientID: identityClientID, clientSecret: enterpriseOptions.identityClientSecret, transport: transport,
                allowInsecureLoopback: allowInsecureLoopback))
        let account = "identity provider \(issuer) as \(identityClientID)"
        return OAuthSession(
            client: client, store: store.map { $0.forAccount(account) as any TokenStore } ?? MemoryTokenStore())
    }

    /// The client at the MCP server's authorization server, signing in with ID-JAGs from
    /// `identityProvider`.
    func enterpriseIdentity(_ identityProvider: IdentityProviderSignIn) throws(OAuthError) -> EnterpriseIdentity {
        // A Client ID Metadata Document's URL (§5): no server to name, a key or no authentication.
        if let clientID = clientIdentity.clientID, let document = URL(string: clientID),
            document.scheme == "https" || document.scheme == "http"
        {
            guard clientIdentity.clientSecret == nil else {
                throw OAuthError(
                    .invalidConfiguration,
                    "expected --client-key or nothing with a client ID metadata document, found a client secret: a document's client authenticates with the keys it lists"
                )
            }
            let key = try clientIdentity.clientKey.map { path throws(OAuthError) in
                try ClientKey(contentsOf: URL(fileURLWithPath: path), keyID: clientIdentity.clientKeyID)
            }
            return EnterpriseIdentity(
                identityProvider: identityProvider, clientMetadataDocument: document, clientKey: key)
        }
        guard let clientID = clientIdentity.clientID,
            clientIdentity.clientSecret != nil || clientIdentity.clientKey != nil,
            let authorizationServer = resourceOptions.authorizationServer
        else {
            throw OAuthError(
                .invalidConfiguration,
                "expected --client-id with --authorization-server and --client-secret or --client-key for the MCP server's authorization server, found \(clientIdentity.clientID == nil ? "no --client-id" : "neither credential"): an ID-JAG is redeemed by a confidential client"
            )
        }
        let key = try clientIdentity.clientKey.map { path throws(OAuthError) in
            try ClientKey(contentsOf: URL(fileURLWithPath: path), keyID: clientIdentity.clientKeyID)
        }
        return EnterpriseIdentity(
            identityProvider: identityProvider, clientID: clientID, issuer: authorizationServer,
            clientSecret: clientIdentity.clientSecret, clientKey: key)
    }

    /// The report's hops: the two requests of the last ID-JAG this run redeemed, if any.
    static func hops(
        identityProvider: String?, redeemed: Int, at found: DiscoveredResource
    ) -> [Hop]? {
        guard let identityProvider, redeemed > 0 else { return nil }
        return [
            Hop(
                at: identityProvider,
                grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
                issued_token_type: TokenTypeURI.idJAG.rawValue),
            Hop(
                at: found.configuration.issuer ?? "", grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
                issued_token_type: TokenTypeURI.accessToken.rawValue),
        ]
    }
}
