import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
// --resource: who the client is at the authorization server the resource names, from the
// options: a browser sign-in's client (registered at run time, by hand, or by a metadata
// document), an enterprise client, or a client with no user (client credentials, a workload).
extension OAuthGenLogin {
    /// The sign-in method the options name, refused when they mix ways of signing in or would
    /// send a credential to a server the resource names rather than the one that issued it; with
    /// `presenter`, a browser sign-in's client signs in with the device grant instead.
    func resourceSignInMethod(
        agent: LoopbackUserAgent, redirect: RegisteredRedirectURI, store: CommandLineStore?,
        presenter: TerminalDeviceCodePresenter?
    ) async throws(OAuthError) -> any ResourceSignInMethod {
        let hasCredential = clientIdentity.clientSecret != nil || clientIdentity.clientKey != nil
        let ways = [
            enterpriseOptions.identityProvider != nil ? "--identity-provider" : nil,
            unattendedOptions.clientCredentials ? "--client-credentials" : nil,
            unattendedOptions.workloadToken != nil ? "--workload-token" : nil,
        ].compactMap { $0 }
        guard ways.count <= 1 else {
            throw OAuthError(
                .invalidConfiguration,
                "expected one way to sign in to the resource, found \(ways.joined(separator: " and "))")
        }
        if presenter != nil, !ways.isEmpty {
            throw OAuthError(
                .invalidConfiguration,
                "expected --device with a browser sign-in's client (registered at run time, --client-id), found a client that signs in with no user here"
            )
        }
        let isMetadataDocument =
            clientIdentity.clientID.flatMap(URL.init(string:)).map { $0.scheme == "https" || $0.scheme == "http" }
            ?? false
        if hasCredential, resourceOptions.authorizationServer == nil, !isMetadataDocument {
            throw OAuthError(
                .invalidConfiguration,
                "expected --authorization-server ISSUER with --client-secret or --client-key, found none: a credential goes only to the server that issued it, never to one a resource names"
            )
        }
        if let workloadToken = unattendedOptions.workloadToken {
            guard clientIdentity.clientID == nil, !hasCredential else {
                throw OAuthError(
                    .invalidConfiguration,
                    "expected --workload-token without --client-id, --client-secret or --client-key, found them: a workload's JWT is its only credential (MCP workload identity federation)"
                )
            }
            return WorkloadIdentity(tokenFile: URL(fileURLWithPath: workloadToken))
        }
        if unattendedOptions.clientCredentials { return try clientCredentialsIdentity() }
        if let identityProvider = enterpriseOptions.identityProvider {
            let signIn = IdentityProviderSignIn(
                session: try await identityProviderSession(identityProvider, store: store?.tokens), agent: agent,
                redirect: redirect, locking: store?.tokens,
                timeout: timeout)
            return try enterpriseIdentity(signIn)
        }
        let client = try resourceClient()
        if let presenter { return DeviceGrantSignIn(client: client, presenter: presenter) }
        return BrowserSignIn(client: client, redirectURI: redirect, userAgent: agent)
    }

    /// A browser or device sign-in's client: with a secret, registered by hand, a metadata
    /// document, or registered at run time.
    func resourceClient() throws(OAuthError) -> ResourceClient {
        if clientIdentity.clientSecret != nil || clientIdentity.clientKey != nil {
            return .confidential(try confidentialClient())
        }
        guard let clientID = clientIdentity.clientID else { return .dynamic(clientName: "oauthgen-login") }
        if let url = URL(string: clientID), url.scheme == "https" || url.scheme == "http" {
            return .metadataDocument(url)
        }
        return .preregistered(clientID, issuer: resourceOptions.authorizationServer)
    }

    /// A browser sign-in's client with a secret (a pre-registered confidential client): its ID,
    /// its server and the secret; a key is for a client with no user or an enterprise client.
    func confidentialClient() throws(OAuthError) -> ConfidentialClient {
        guard let clientID = clientIdentity.clientID, let issuer = resourceOptions.authorizationServer,
            let secret = clientIdentity.clientSecret, clientIdentity.clientKey == nil
        else {
            let found =
                clientIdentity.clientKey != nil
                ? "--client-key, which is for --client-credentials or --identity-provider"
                : clientIdentity.clientID == nil ? "no --client-id" : "no --authorization-server"
            throw OAuthError(
                .invalidConfiguration,
                "expected --client-id, --authorization-server and a client secret for a browser sign-in's confidential client, found \(found)"
            )
        }
        return ConfidentialClient(clientID: clientID, issuer: issuer, clientSecret: secret)
    }

    /// The confidential client of `--client-credentials`: its ID, its server, and a secret or a key.
    func clientCredentialsIdentity() throws(OAuthError) -> ClientCredentialsIdentity {
        guard let clientID = clientIdentity.clientID, let issuer = resourceOptions.authorizationServer else {
            throw OAuthError(
                .invalidConfiguration,
                "expected --client-id and --authorization-server with --client-credentials, found \(clientIdentity.clientID == nil ? "no --client-id" : "no --authorization-server"): a credential goes only to the server that issued it, never to one a resource names"
            )
        }
        switch (clientIdentity.clientSecret, clientIdentity.clientKey) {
        case (let secret?, nil):
            return ClientCredentialsIdentity(clientID: clientID, issuer: issuer, clientSecret: secret)
        case (nil, let key?):
            let key = try ClientKey(contentsOf: URL(fileURLWithPath: key), keyID: clientIdentity.clientKeyID)
            return ClientCredentialsIdentity(clientID: clientID, issuer: issuer, clientKey: key)
        default:
            throw OAuthError(
                .invalidConfiguration,
                "expected one of --client-secret-file (or \(Self.clientSecretVariable)) and --client-key with --client-credentials, found \(clientIdentity.clientSecret == nil ? "neither" : "both")"
            )
        }
    }
}
