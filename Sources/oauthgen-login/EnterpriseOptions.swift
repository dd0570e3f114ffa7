import ArgumentParser

/// `oauthgen-login`'s options: one sign-in at the company identity provider, exchanged for each MCP server (ID-JAG).
struct EnterpriseOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
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

    @Option(
        help: ArgumentHelp(
            """
            With --identity-provider: that client's secret, where the identity provider requires one. \
            Every local user sees argv: prefer --identity-client-secret-file or OAUTHGEN_IDENTITY_CLIENT_SECRET.
            """, valueName: "secret"))
    var identityClientSecret: String?

    @Option(
        help: ArgumentHelp(
            """
            --identity-client-secret's value from a file only its owner can read (chmod 600); or set \
            OAUTHGEN_IDENTITY_CLIENT_SECRET.
            """, valueName: "file"))
    var identityClientSecretFile: String?
}
