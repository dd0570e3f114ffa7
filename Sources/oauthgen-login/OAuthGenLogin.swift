import ArgumentParser
import Foundation
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

            Examples:
              oauthgen-login --issuer https://accounts.google.com \\
                  --client-id 1234.apps.googleusercontent.com
              oauthgen-login --issuer http://127.0.0.1:8000/o --allow-insecure-loopback \\
                  --client-id dev --scope "openid profile" \\
                  --userinfo --refresh --revoke --json
              oauthgen-login --issuer https://id.example.com --client-id tv-app --device
              oauthgen-login --issuer https://id.example.com --client-id app \\
                  --par --dpop --userinfo --refresh
              oauthgen-login --resource https://mcp.example.com/mcp --store ~/.mcp-sign-in --json
              oauthgen-login --resource https://mcp.example.com/mcp --call search --arguments '{"q": "oauth"}'
              oauthgen-login --resource https://mcp.example.com/mcp --mcp --identity-provider https://idp.example.com \\
                  --identity-client-id agent --client-id mcp-agent --client-key agent-key.pem --store ~/.mcp-sign-in
            """
    )

    @Option(help: "The issuer; its /.well-known/openid-configuration is fetched and must name this issuer exactly.")
    var issuer: String?

    @Option(help: ArgumentHelp("""
        A protected resource's URL (an API or an MCP server): its authorization server is learnt from its \
        401 (RFC 9728), the client registers itself (RFC 7591) unless --client-id names one, the token is \
        bound to the resource (RFC 8707), and the resource is called with it; a 403 insufficient_scope \
        signs in again once with the scopes it names. No --issuer.
        """, valueName: "url"))
    var resource: String?

    @Flag(help: ArgumentHelp("""
        With --resource: the resource is an MCP server. Speak MCP to it (streamable HTTP, JSON or \
        server-sent-event answers): initialize, then tools/list, or --call a tool.
        """))
    var mcp = false

    @Option(help: ArgumentHelp("With --resource: the MCP tool to call (implies --mcp).", valueName: "tool"))
    var call: String?

    @Option(help: ArgumentHelp("The --call tool's arguments, as a JSON object.", valueName: "json"))
    var arguments: String = "{}"

    @Option(help: ArgumentHelp("A discovery document to read instead of fetching one.", valueName: "file"))
    var discovery: String?

    @Option(help: ArgumentHelp("""
        The client ID registered with the provider. With --resource it may be an https URL the app hosts, \
        whose Client ID Metadata Document the server fetches; left out there, the client registers itself.
        """))
    var clientID: String?

    @Option(help: ArgumentHelp("""
        With --resource: the authorization server --client-id is registered at (its issuer, exactly). \
        Required with --client-secret or --client-key (not for an https client ID, a metadata document): a \
        resource naming another server is refused before any browser opens or any credential is sent.
        """, valueName: "issuer"))
    var authorizationServer: String?

    @Option(help: ArgumentHelp("""
        For providers that insist on one (not secret in a native app, RFC 8252 §8.5). With \
        --identity-provider: the secret of --client-id at the MCP server's authorization server. \
        Every local user sees argv: prefer --client-secret-file or OAUTHGEN_CLIENT_SECRET.
        """))
    var clientSecret: String?

    @Option(help: ArgumentHelp("""
        With --identity-provider: a private key, PEM or a JWK (P-256 or RSA of 2048 bits or more, readable \
        by its owner only), that authenticates --client-id at the MCP server's authorization server with \
        private_key_jwt (RFC 7523 §2.2) instead of a secret.
        """, valueName: "file"))
    var clientKey: String?

    @Option(help: ArgumentHelp("""
        The kid of --client-key's assertions, as registered at the server (default: the JWK's kid, else \
        the key's RFC 7638 thumbprint).
        """, valueName: "kid"))
    var clientKeyID: String?

    @Option(help: ArgumentHelp("""
        With --resource: the company's identity provider (its issuer). The run signs in there once (the \
        browser opens; --store keeps that sign-in too), then for the resource's authorization server \
        exchanges the ID token for an ID-JAG (RFC 8693) and redeems it with the JWT bearer grant (RFC \
        7523): no browser per MCP server, and an expired token is renewed the same way. Needs \
        --identity-client-id, and --client-id with --authorization-server and --client-secret or \
        --client-key for the MCP server's authorization server.
        """, valueName: "issuer"))
    var identityProvider: String?

    @Option(help: ArgumentHelp("With --identity-provider: the client ID registered there.", valueName: "id"))
    var identityClientID: String?

    @Option(help: ArgumentHelp("""
        With --identity-provider: that client's secret, where the identity provider requires one. \
        Every local user sees argv: prefer --identity-client-secret-file or OAUTHGEN_IDENTITY_CLIENT_SECRET.
        """, valueName: "secret"))
    var identityClientSecret: String?

    @OptionGroup var secretFiles: SecretFileOptions

    @Option(help: "A loopback redirect URI such as http://127.0.0.1/callback or http://[::1]/cb; the port is chosen at run time.")
    var redirectURI: String = "http://127.0.0.1/callback"

    @Option(help: "The scopes to request, separated by spaces (default: openid; with --resource, the ones the resource names).")
    var scope: String?

    @Option(help: ArgumentHelp("""
        Authentication context classes to ask for (acr_values, OIDC Core §3.1.2.1), separated by \
        spaces, e.g. "mfa" or "phrh". The provider may answer with another: the report's \
        id_token_claims has the acr it asserted.
        """, valueName: "values"))
    var acrValues: String?

    @Option(help: ArgumentHelp("""
        max_age: the oldest authentication the sign-in accepts, in seconds. The ID token must carry \
        an auth_time no older, or the sign-in fails (0 asks the user to authenticate again).
        """, valueName: "seconds"))
    var maxAge: Int?

    @Option(help: ArgumentHelp("A command that opens the URL (split like a shell would; the URL is appended).", valueName: "cmd"))
    var browserCommand: String?

    @Flag(help: "Fetch userinfo and check its sub against the ID token's.")
    var userinfo = false

    @Flag(help: "Refresh once after signing in and check the new tokens.")
    var refresh = false

    @Flag(help: "Revoke the tokens at the end.")
    var revoke = false

    @Flag(help: "Sign out at the provider at the end, through the browser (RP-Initiated Logout), then revoke the refresh token.")
    var signOut = false

    @Option(help: ArgumentHelp("Where the provider sends the browser after --sign-out: a loopback URI registered as a post-logout redirect URI; the port is chosen at run time.", valueName: "uri"))
    var postLogoutRedirectURI: String = "http://127.0.0.1/logout"

    @Flag(help: "Push the authorization request first (RFC 9126), even where the provider does not require it.")
    var par = false

    @Flag(help: "Sign in with the device grant (RFC 8628): show a code, let the user approve elsewhere, poll.")
    var device = false

    @Flag(help: ArgumentHelp("""
        Get DPoP-bound tokens (RFC 9449): a new P-256 key, a proof on every token and userinfo request. With \
        --resource they are bound wherever the resource or its server asks (this forces it elsewhere), the \
        key kept with the sign-in in --store.
        """))
    var dpop = false

    @Option(help: ArgumentHelp("""
        Keep the sign-in in the folder PATH (0700, created when missing): one 0600 file per sign-in and \
        per client registration, named for its server (a store an earlier version kept beside a file \
        PATH is moved in). When PATH already holds a sign-in for this issuer and client (or resource), \
        no browser opens: its access token is used, refreshed first if it has expired. Several processes \
        may share PATH: one refreshes, the others use its tokens.
        """, valueName: "path"))
    var store: String?

    @OptionGroup var entries: StoreEntryOptions

    @Flag(help: ArgumentHelp("""
        When the --store file holds another client's or provider's sign-in, revoke it at its provider \
        and replace it. Without this flag that is an error, and the file is left as it is.
        """))
    var replaceStoredSignIn = false

    @Flag(help: "Allow an http issuer and endpoints on 127.0.0.1 or [::1] (local providers only).")
    var allowInsecureLoopback = false

    @Flag(help: "Print one JSON object on standard output.")
    var json = false

    @Flag(help: "Include the raw tokens in the output.")
    var showTokens = false

    @Option(help: "Seconds the whole run may take: the browser's return, every request, the call to --resource.")
    var timeout: Double = 300

    func signIn() async throws(OAuthError) {
        if mcp || call != nil {
            throw OAuthError(.invalidConfiguration, "expected --mcp and --call with --resource (an MCP server's URL), found neither --resource")
        }
        let transport = URLSessionTransport()
        var configuration = try await loadConfiguration(transport: transport)
        if dpop { configuration.quirks.dpop = true }
        if device, acrValues != nil || maxAge != nil {
            throw OAuthError(.invalidConfiguration, "expected --acr-values and --max-age with a browser sign-in, found --device: the device grant's request has no such parameters (RFC 8628 §3.1)")
        }
        if par {
            guard !device else { throw OAuthError(.invalidConfiguration, "expected --par or --device, found both: the device grant has no authorization request to push") }
            configuration.quirks.pushedAuthorizationRequests = true
        }

        if clientSecret != nil {
            // The client sends it as the metadata prefers (client_secret_basic when it is silent).
            FileHandle.standardError.write(Data("warning: a client secret shipped with a native app is not secret (RFC 8252 §8.5)\n".utf8))
        }
        guard let clientID else { throw OAuthError(.invalidConfiguration, "expected --client-id, found none (only --resource registers a client itself)") }
        let client = try OAuthClient<DiscoveredProvider>(configuration: configuration, options: ClientOptions(clientID: clientID, clientSecret: clientSecret, transport: transport, allowInsecureLoopback: allowInsecureLoopback))
        let agent = try LoopbackUserAgent(browserCommandLine: browserCommand, timeout: timeout)
        let scopes = (scope ?? "openid").split(separator: " ").map { ScopeValue(rawValue: String($0)) }
        // With --store the session keeps the sign-in; without, it lives as long as this run.
        var fileStore: FileTokenStore?
        if let store { fileStore = try await FileTokenStore.directory(movingFlatStoreAt: store) }
        let session = OAuthSession(client: client, store: fileStore.map { $0 as any TokenStore } ?? MemoryTokenStore())
        var signIn: SignIn<DiscoveredProvider>
        var refreshed = false
        var stored: SignIn<DiscoveredProvider>?
        if let fileStore {
            do {
                stored = try await session.currentSignIn()
            } catch where error.kind == .storedSignInMismatch {
                guard replaceStoredSignIn else {
                    throw OAuthError(.storedSignInMismatch, "\(error.description); pass --replace-stored-sign-in to revoke it and sign in anew")
                }
                try await revokeAndClear(fileStore, transport: transport, ours: configuration)
            }
        }
        if let stored, Self.isSignIn(stored, of: configuration.issuer, clientID: client.clientID) {
            // No browser: the stored sign-in, refreshed first if its access token has expired —
            // by this process, or by another one sharing the file, whose tokens this one adopts.
            _ = try await session.validAccessToken()
            refreshed = await session.refreshCount > 0
            guard let current = try await session.currentSignIn() else {
                throw OAuthError(.notSignedIn, "expected the stored sign-in in \(store ?? "") to stay, found it signed out by another process")
            }
            signIn = current
        } else if device {
            signIn = try await deviceSignIn(client, scopes: scopes, browser: browserCommand == nil ? nil : agent)
            try await session.keep(signIn)
        } else {
            signIn = try await client.signIn(with: agent, redirectURI: try loopbackURI(redirectURI, option: "--redirect-uri"), scopes: scopes,
                                             parameters: AuthorizationParameters(maxAge: maxAge, acrValues: (acrValues ?? "").split(separator: " ").map { AnyACRValue(rawValue: String($0)) }))
            try await session.keep(signIn)
        }

        var userinfoClaims: [String: ClaimValue]?
        if userinfo { userinfoClaims = Self.withoutCredentials(try await client.userInfo(signIn)) }
        if refresh {
            signIn = try await session.refresh()
            refreshed = true
        }
        if revoke {
            if let refreshToken = signIn.tokens.refreshToken { try await client.revoke(refreshToken, hint: .refreshToken) }
            try await client.revoke(signIn.tokens.accessToken, hint: .accessToken)
            // Revoked tokens are nobody's sign-in any more: forget them (revoking again is harmless, RFC 7009 §2.2).
            if store != nil { try await session.signOut() }
        }
        if signOut {
            // The session does what an app's would: the provider's logout page, the state check,
            // then revoking the refresh token (a failure there is reported, not fatal).
            let postLogout = try loopbackURI(postLogoutRedirectURI, option: "--post-logout-redirect-uri")
            do {
                try await session.signOut(with: agent, postLogoutRedirectURI: postLogout.url)
            } catch where [.network, .requestRejected, .unexpectedResponse].contains(error.kind) {
                // The logout page came back with its state (that part throws before anything is
                // forgotten); what failed is revoking the refresh token: reported, not fatal.
                FileHandle.standardError.write(Data("warning: signed out, but revoking the refresh token failed: \(error.description)\n".utf8))
            }
        }

        let report = LoginReport(
            issuer: configuration.issuer ?? "",
            grant: device ? "device_code" : "authorization_code",
            pushed: !device && client.pushesAuthorizationRequests,
            token_type: signIn.tokens.tokenType,
            dpop_jkt: signIn.tokens.dpopKey?.thumbprint,
            subject: signIn.idToken?.subject,
            scope: signIn.tokens.scopes?.joined(separator: " "),
            expires_in: signIn.tokens.expiresAt.map { Int($0.timeIntervalSinceNow.rounded()) },
            id_token_claims: signIn.idToken?.allClaims,
            userinfo: userinfoClaims,
            refreshed: refreshed, revoked: revoke, signed_out: signOut,
            access_token: showTokens ? signIn.tokens.accessToken : nil,
            refresh_token: showTokens ? signIn.tokens.refreshToken : nil,
            id_token: showTokens ? signIn.tokens.idToken : nil)
        print(json ? Self.jsonText(report) : Self.humanText(report))
    }
}
