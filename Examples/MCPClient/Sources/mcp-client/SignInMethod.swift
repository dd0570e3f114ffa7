import ArgumentParser
import Foundation
import OAuthResources
import OAuthRuntime

extension MCPClientCommand {
    /// How the client signs in at the server's authorization server, from the options: one way to
    /// sign in, and a secret or key only for a client that is confidential (enterprise, client
    /// credentials, or a browser sign-in's client with a secret), bound to the server that issued
    /// it. With an identity provider, its enterprise identity too. A device code is shown below
    /// `progress`'s line.
    func signInMethod(
        store: (any AccountTokenStore)?, userAgent: LoopbackUserAgent, progress: TerminalProgress
    ) async throws -> (method: any ResourceSignInMethod, enterprise: EnterpriseIdentity?) {
        let ways = [
            identityProvider.map { _ in "--identity-provider" }, clientCredentials ? "--client-credentials" : nil,
            workloadToken.map { _ in "--workload-token" },
        ].compactMap { $0 }
        guard ways.count <= 1 else {
            throw ValidationError("expected one way to sign in, found \(ways.joined(separator: " and "))")
        }
        let secret = try secrets.serverSecret()
        if let workloadToken {
            guard clientID == nil, secret == nil, clientKey == nil else {
                throw ValidationError(
                    "expected --workload-token without --client-id, a client secret or --client-key: the JWT is the workload's only credential"
                )
            }
            return (WorkloadIdentity(tokenFile: URL(fileURLWithPath: workloadToken)), nil)
        }
        if clientCredentials {
            guard let clientID, let authorizationServer, (secret == nil) != (clientKey == nil) else {
                throw ValidationError(
                    "expected --client-id, --authorization-server, and a client secret or --client-key (one of them) with --client-credentials"
                )
            }
            if let clientKey {
                let key = try ClientKey(contentsOf: URL(fileURLWithPath: clientKey), keyID: clientKeyID)
                return (ClientCredentialsIdentity(clientID: clientID, issuer: authorizationServer, clientKey: key), nil)
            }
            let identity = ClientCredentialsIdentity(
                clientID: clientID, issuer: authorizationServer, clientSecret: secret ?? "")
            return (identity, nil)
        }
        if let identityProvider {
            let enterprise = try await enterpriseIdentity(identityProvider, store: store)
            return (enterprise, enterprise)
        }
        if clientKey != nil {
            throw ValidationError(
                "expected --identity-provider or --client-credentials with --client-key, found neither")
        }
        let client = try resourceClient(secret: secret)
        if device {
            let presenter = StandardErrorDeviceCodePresenter(
                browser: browserCommand == nil ? nil : userAgent, progress: progress)
            return (DeviceGrantSignIn(client: client, presenter: presenter), nil)
        }
        let redirect = try RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)
        return (BrowserSignIn(client: client, redirectURI: redirect, userAgent: userAgent), nil)
    }

    /// A browser or device sign-in's client: with a secret, by hand, by its metadata document,
    /// or registered at run time.
    func resourceClient(secret: String?) throws -> ResourceClient {
        if let secret {
            // A pre-registered confidential client signing a user in: bound to its server.
            guard let clientID, let authorizationServer else {
                throw ValidationError(
                    "expected --client-id and --authorization-server with a client secret: a secret goes only to the server that issued it"
                )
            }
            return .confidential(
                ConfidentialClient(clientID: clientID, issuer: authorizationServer, clientSecret: secret))
        }
        guard let clientID else { return .dynamic(clientName: "oauthgen mcp-client") }
        if clientID.hasPrefix("https://") || clientID.hasPrefix("http://"), let url = URL(string: clientID) {
            return .metadataDocument(url)
        }
        return .preregistered(clientID, issuer: authorizationServer)
    }
}
