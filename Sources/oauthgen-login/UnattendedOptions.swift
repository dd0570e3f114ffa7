import ArgumentParser

/// `oauthgen-login`'s options for an agent with no one at the keyboard: the client as itself, or
/// a workload's platform JWT, at a protected resource's authorization server.
struct UnattendedOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            """
            With --resource: no user. The client signs in as itself with the client credentials grant \
            (RFC 6749 §4.4, MCP's OAuth client credentials extension): --client-id, --authorization-server, \
            and --client-secret-file (or OAUTHGEN_CLIENT_SECRET) or --client-key. A new token is asked for at \
            expiry; nothing opens, and a step-up the resource asks for fails.
            """))
    var clientCredentials = false

    @Option(
        help: ArgumentHelp(
            """
            With --resource: no user and no client ID. The JWT the workload's platform keeps in this file (a \
            Kubernetes projected service-account token, a SPIFFE JWT-SVID) is presented with the jwt-bearer \
            grant (MCP's workload identity federation); the file is read again for every token request. Its aud \
            must be the authorization server's token endpoint or issuer.
            """, valueName: "file"))
    var workloadToken: String?
}
