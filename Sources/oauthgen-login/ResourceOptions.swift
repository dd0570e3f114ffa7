import ArgumentParser

/// `oauthgen-login`'s options: a resource known only by its URL, and what is done with it once signed in.
struct ResourceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            A protected resource's URL (an API or an MCP server): its authorization server is learnt from its \
            401 (RFC 9728), the client registers itself (RFC 7591) unless --client-id names one, the token is \
            bound to the resource (RFC 8707), and the resource is called with it; a 403 insufficient_scope \
            signs in again once with the scopes it names. No --issuer.
            """, valueName: "url"))
    var resource: String?

    @Flag(
        help: ArgumentHelp(
            """
            With --resource: the resource is an MCP server. Speak MCP to it (streamable HTTP, JSON or \
            server-sent-event answers): initialize, then tools/list, or --call a tool.
            """))
    var mcp = false

    @Option(help: ArgumentHelp("With --resource: the MCP tool to call (implies --mcp).", valueName: "tool"))
    var call: String?

    @Option(help: ArgumentHelp("The --call tool's arguments, as a JSON object.", valueName: "json"))
    var arguments: String = "{}"

    @Option(
        help: ArgumentHelp(
            """
            With --resource: the authorization server --client-id is registered at (its issuer, exactly). \
            Required with --client-secret or --client-key (not for an https client ID, a metadata document): a \
            resource naming another server is refused before any browser opens or any credential is sent.
            """, valueName: "issuer"))
    var authorizationServer: String?
}
