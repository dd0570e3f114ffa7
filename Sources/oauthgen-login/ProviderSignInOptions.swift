import ArgumentParser

/// `oauthgen-login`'s options: how the sign-in runs: the provider, the redirect, what is asked for, and what is done with the tokens after.
struct ProviderSignInOptions: ParsableArguments {
    @Option(help: "The issuer; its /.well-known/openid-configuration is fetched and must name this issuer exactly.")
    var issuer: String?

    @Option(help: ArgumentHelp("A discovery document to read instead of fetching one.", valueName: "file"))
    var discovery: String?

    @Option(
        help:
            "A loopback redirect URI such as http://127.0.0.1/callback or http://[::1]/cb; the port is chosen at run time."
    )
    var redirectURI: String = "http://127.0.0.1/callback"

    @Option(
        help:
            "The scopes to request, separated by spaces (default: openid; with --resource, the ones the resource names)."
    )
    var scope: String?

    @Option(
        help: ArgumentHelp(
            """
            Authentication context classes to ask for (acr_values, OIDC Core §3.1.2.1), separated by \
            spaces, e.g. "mfa" or "phrh". The provider may answer with another: the report's \
            id_token_claims has the acr it asserted.
            """, valueName: "values"))
    var acrValues: String?

    @Option(
        help: ArgumentHelp(
            """
            max_age: the oldest authentication the sign-in accepts, in seconds. The ID token must carry \
            an auth_time no older, or the sign-in fails (0 asks the user to authenticate again).
            """, valueName: "seconds"))
    var maxAge: Int?

    @Option(
        help: ArgumentHelp(
            "A command that opens the URL (split like a shell would; the URL is appended).", valueName: "cmd"))
    var browserCommand: String?

    @Flag(help: "Push the authorization request first (RFC 9126), even where the provider does not require it.")
    var par = false

    @Flag(help: "Sign in with the device grant (RFC 8628): show a code, let the user approve elsewhere, poll.")
    var device = false

    @Flag(
        help: ArgumentHelp(
            """
            Get DPoP-bound tokens (RFC 9449): a new P-256 key, a proof on every token and userinfo request. With \
            --resource they are bound wherever the resource or its server asks (this forces it elsewhere), the \
            key kept with the sign-in in --store.
            """))
    var dpop = false

    @Flag(help: "Fetch userinfo and check its sub against the ID token's.")
    var userinfo = false

    @Flag(help: "Refresh once after signing in and check the new tokens.")
    var refresh = false

    @Flag(help: "Revoke the tokens at the end.")
    var revoke = false

    @Flag(
        help:
            "Sign out at the provider at the end, through the browser (RP-Initiated Logout), then revoke the refresh token."
    )
    var signOut = false

    @Option(
        help: ArgumentHelp(
            "Where the provider sends the browser after --sign-out: a loopback URI registered as a post-logout redirect URI; the port is chosen at run time.",
            valueName: "uri"))
    var postLogoutRedirectURI: String = "http://127.0.0.1/logout"
}
