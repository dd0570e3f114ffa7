import ArgumentParser

/// `oauthgen-login`'s options: who the client is at the authorization server, and how it proves it.
struct ClientIdentityOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            The client ID registered with the provider. With --resource it may be an https URL the app hosts, \
            whose Client ID Metadata Document the server fetches; left out there, the client registers itself.
            """))
    var clientID: String?

    @Option(
        help: ArgumentHelp(
            """
            For providers that insist on one (not secret in a native app, RFC 8252 §8.5). With \
            --identity-provider: the secret of --client-id at the MCP server's authorization server. \
            Every local user sees argv: prefer --client-secret-file or OAUTHGEN_CLIENT_SECRET.
            """))
    var clientSecret: String?

    @Option(
        help: ArgumentHelp(
            """
            With --identity-provider: a private key, PEM or a JWK (P-256 or RSA of 2048 bits or more, readable \
            by its owner only), that authenticates --client-id at the MCP server's authorization server with \
            private_key_jwt (RFC 7523 §2.2) instead of a secret.
            """, valueName: "file"))
    var clientKey: String?

    @Option(
        help: ArgumentHelp(
            """
            The kid of --client-key's assertions, as registered at the server (default: the JWK's kid, else \
            none: a server holding one key of the client's uses it).
            """, valueName: "kid"))
    var clientKeyID: String?

    @Option(
        help: ArgumentHelp(
            """
            --client-secret's value from a file only its owner can read (chmod 600); or set \
            OAUTHGEN_CLIENT_SECRET.
            """, valueName: "file"))
    var clientSecretFile: String?
}
