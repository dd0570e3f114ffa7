import ArgumentParser
import Foundation
import OAuthPolicy
@_spi(BuildingBlocks) @_spi(Testing) import OAuthRuntime

@_spi(BuildingBlocks) @_spi(Testing) import OAuthResources
@main
struct OAuthGenLogin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oauthgen-login",
        abstract: "Sign in to an OpenID Connect provider from a terminal, the RFC 8252 way.",
        discussion: """
            Opens the provider's login page in the browser with PKCE, state and nonce, receives the \
            response on a loopback listener (http://127.0.0.1 on an ephemeral port), exchanges the code \
            and verifies the ID token: signature against the provider's JWKS, issuer, audience, expiry \
            and nonce. Any failed check exits 1 with one line on standard error naming it.

            With --par the request goes to the provider's pushed authorization request endpoint first \
            (RFC 9126) and the browser sees only client_id and request_uri; a provider whose metadata \
            requires that gets it without the flag. With --device there is no browser on this machine: \
            the user code and verification URI go to standard error, the user approves on any device, \
            and the client polls (RFC 8628); --browser-command, if given, is run on the complete \
            verification URI.

            Examples (each fits 80 columns, so --help prints it as written):
              oauthgen-login --issuer https://accounts.google.com \\
                  --client-id 1234.apps.googleusercontent.com
              oauthgen-login --issuer http://127.0.0.1:8000/o \\
                  --allow-insecure-loopback --client-id dev \\
                  --scope "openid profile" --userinfo --refresh --revoke --json
              oauthgen-login --issuer https://id.example.com --client-id tv-app \\
                  --device
              oauthgen-login --issuer https://id.example.com --client-id app \\
                  --par --dpop --userinfo --refresh
              oauthgen-login --resource https://mcp.example.com/mcp \\
                  --store ~/.mcp-sign-in --json
              oauthgen-login --resource https://mcp.example.com/mcp \\
                  --call search --arguments '{"q": "oauth"}'
              oauthgen-login --resource https://mcp.example.com/mcp --mcp \\
                  --identity-provider https://idp.example.com \\
                  --identity-client-id agent --client-id mcp-agent \\
                  --client-key agent-key.pem --store ~/.mcp-sign-in
              oauthgen-login --resource https://mcp.example.com/mcp \\
                  --call search --client-credentials --client-id agent \\
                  --client-secret-file agent.secret \\
                  --authorization-server https://as.example.com
              oauthgen-login --resource https://mcp.example.com/mcp --mcp \\
                  --workload-token /var/run/secrets/tokens/mcp-token
            """
    )

    @OptionGroup(title: "Signing in") var signInOptions: ProviderSignInOptions
    @OptionGroup(title: "The client") var clientIdentity: ClientIdentityOptions
    @OptionGroup(title: "Protected resources and MCP servers") var resourceOptions: ResourceOptions
    @OptionGroup(title: "Enterprise-managed authorization") var enterpriseOptions: EnterpriseOptions
    @OptionGroup(title: "Agents with no one at the keyboard") var unattendedOptions: UnattendedOptions
    @OptionGroup(title: "Keeping the sign-in") var storeOptions: StoreOptions
    @OptionGroup(title: "A family of apps") var nativeSSOOptions: NativeSSOOptions
    @OptionGroup(title: "Output") var outputOptions: OutputOptions

    @Flag(help: "Allow an http issuer and endpoints on 127.0.0.1 or [::1] (local providers only).")
    var allowInsecureLoopback = false

    @Option(help: "Seconds the whole run may take: the browser's return, every request, the call to --resource.")
    var timeout: Double = 300

    func signIn() async throws(OAuthError) {
        if resourceOptions.mcp || resourceOptions.call != nil {
            throw OAuthError(
                .invalidConfiguration,
                "expected --mcp and --call with --resource (an MCP server's URL), found neither --resource")
        }
        let transport = LoginTransport.make()
        var configuration = try await loadConfiguration(transport: transport)
        if signInOptions.dpop { configuration.quirks.dpop = true }
        if signInOptions.device, signInOptions.acrValues != nil || signInOptions.maxAge != nil {
            throw OAuthError(
                .invalidConfiguration,
                "expected --acr-values and --max-age with a browser sign-in, found --device: the device grant's request has no such parameters (RFC 8628 §3.1)"
            )
        }
        if signInOptions.par {
            guard !signInOptions.device else {
                throw OAuthError(
                    .invalidConfiguration,
                    "expected --par or --device, found both: the device grant has no authorization request to push")
            }
            configuration.quirks.pushedAuthorizationRequests = true
        }

        if clientIdentity.clientSecret != nil {
            // The client sends it as the metadata prefers (client_secret_basic when it is silent).
            FileHandle.standardError.write(
                Data("warning: a client secret shipped with a native app is not secret (RFC 8252 §8.5)\n".utf8))
        }
        guard let clientID = clientIdentity.clientID else {
            throw OAuthError(
                .invalidConfiguration, "expected --client-id, found none (only --resource registers a client itself)")
        }
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(
                clientID: clientID, clientSecret: clientIdentity.clientSecret, transport: transport,
                allowInsecureLoopback: allowInsecureLoopback, family: nativeSSOOptions.family))
        let agent = try LoopbackUserAgent(browserCommandLine: signInOptions.browserCommand, timeout: timeout)
        let scopes = (signInOptions.scope ?? "openid").split(separator: " ").map { ScopeValue(rawValue: String($0)) }
        // With --store the session keeps the sign-in; without, it lives as long as this run.
        var kept: CommandLineStore?
        if let store = storeOptions.store {
            kept = try await CommandLineStore.open(store, keyFile: storeOptions.storeKey)
        }
        let session = OAuthSession(
            client: client, store: kept.map { $0.tokens as any TokenStore } ?? MemoryTokenStore())
        var signIn: SignIn<DiscoveredProvider>
        var refreshed = false
        var grant = signInOptions.device ? "device_code" : "authorization_code"
        var stored: SignIn<DiscoveredProvider>?
        if let kept {
            do {
                stored = try await session.currentSignIn()
            } catch  where error.kind == .storedSignInMismatch {
                guard storeOptions.replaceStoredSignIn else {
                    throw OAuthError(
                        .storedSignInMismatch,
                        "\(error.description); pass --replace-stored-sign-in to revoke it and sign in anew")
                }
                try await revokeAndClear(kept, transport: transport, ours: configuration)
            }
        }
        if let stored, Self.isSignIn(stored, of: configuration.issuer, clientID: client.clientID) {
            // No browser: the stored sign-in, refreshed first if its access token has expired —
            // by this process, or by another one sharing the file, whose tokens this one adopts.
            _ = try await session.validAccessToken()
            refreshed = await session.refreshCount > 0
            guard let current = try await session.currentSignIn() else {
                throw OAuthError(
                    .notSignedIn,
                    "expected the stored sign-in in \(storeOptions.store ?? "") to stay, found it signed out by another process"
                )
            }
            signIn = current
        } else if let fromFamily = try await signInFromFamily(client, scopes: scopes) {
            signIn = fromFamily
            grant = ExtensionGrant.tokenExchange.rawValue
            try await session.keep(signIn)
        } else if signInOptions.device {
            signIn = try await deviceSignIn(
                client, scopes: scopes, browser: signInOptions.browserCommand == nil ? nil : agent)
            try await session.keep(signIn)
        } else {
            signIn = try await client.signIn(
                with: agent, redirectURI: try loopbackURI(signInOptions.redirectURI, option: "--redirect-uri"),
                scopes: scopes,
                parameters: AuthorizationParameters(
                    maxAge: signInOptions.maxAge,
                    acrValues: (signInOptions.acrValues ?? "").split(separator: " ").map {
                        AnyACRValue(rawValue: String($0))
                    }))
            try await session.keep(signIn)
        }

        var userinfoClaims: [String: ClaimValue]?
        if signInOptions.userinfo { userinfoClaims = Self.withoutCredentials(try await client.userInfo(signIn)) }
        if signInOptions.refresh {
            signIn = try await session.refresh()
            refreshed = true
        }
        if signInOptions.revoke {
            if let refreshToken = signIn.tokens.refreshToken {
                try await client.revoke(refreshToken, hint: .refreshToken)
            }
            try await client.revoke(signIn.tokens.accessToken, hint: .accessToken)
            // Revoked tokens are nobody's sign-in any more: forget them (revoking again is harmless, RFC 7009 §2.2).
            if storeOptions.store != nil { try await session.signOut() }
        }
        if signInOptions.signOut {
            // The session does what an app's would: the provider's logout page, the state check,
            // then revoking the refresh token (a failure there is reported, not fatal).
            let postLogout = try loopbackURI(signInOptions.postLogoutRedirectURI, option: "--post-logout-redirect-uri")
            do {
                try await session.signOut(with: agent, postLogoutRedirectURI: postLogout.url)
            } catch  where [.network, .requestRejected, .unexpectedResponse].contains(error.kind) {
                // The logout page came back with its state (that part throws before anything is
                // forgotten); what failed is revoking the refresh token: reported, not fatal.
                FileHandle.standardError.write(
                    Data("warning: signed out, but revoking the refresh token failed: \(error.description)\n".utf8))
            }
        }

        let report = LoginReport(
            issuer: configuration.issuer ?? "",
            grant: grant,
            pushed: grant == "authorization_code" && client.pushesAuthorizationRequests,
            token_type: signIn.tokens.tokenType,
            dpop_jkt: signIn.tokens.dpopKey?.thumbprint,
            subject: signIn.idToken?.subject,
            scope: signIn.tokens.scopes?.joined(separator: " "),
            expires_in: signIn.tokens.expiresAt.map { Int($0.timeIntervalSinceNow.rounded()) },
            id_token_claims: signIn.idToken?.allClaims,
            userinfo: userinfoClaims,
            refreshed: refreshed, revoked: signInOptions.revoke, signed_out: signInOptions.signOut,
            access_token: outputOptions.showTokens ? signIn.tokens.accessToken : nil,
            refresh_token: outputOptions.showTokens ? signIn.tokens.refreshToken : nil,
            id_token: outputOptions.showTokens ? signIn.tokens.idToken : nil)
        print(outputOptions.json ? Self.jsonText(report) : Self.humanText(report))
    }
}
