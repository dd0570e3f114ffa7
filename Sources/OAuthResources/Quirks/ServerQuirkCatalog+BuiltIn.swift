// Generated from Sources/OAuthGenCatalog/Providers by CatalogServerQuirksTests; do not edit.
// Change an entry's plist, then run the test with OAUTHGEN_UPDATE_SERVER_QUIRKS=1.

import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

extension ServerQuirkCatalog {
    /// The servers oauthgen knows, from the provider catalog's entries, each citing its
    /// sources. A server not named here gets the standards' behaviour: `resource` on every
    /// token request (RFC 8707 §2.2, the MCP authorization spec), the app's redirect URI as
    /// made, registration where it is offered.
    public static let builtIn = ServerQuirkCatalog(entries: [
        ServerQuirkEntry(
            name: "Asana (V2 MCP server)",
            issuerPattern: "https://app.asana.com",
            quirks: ServerQuirks(registrationUnavailable: true),
            sources: [
                "the V2 server requires a client ID and secret registered in the developer console, \"pre-registration provides better security\": developers.asana.com/docs/connecting-mcp-clients-to-asanas-v2-server",
            ]),
        ServerQuirkEntry(
            name: "Atlassian (remote MCP server)",
            issuerPattern: "https://mcp.atlassian.com",
            quirks: ServerQuirks(loopbackHost: .ipv4Literal),
            sources: [
                "organizations' domain allowlists accept only the 127.0.0.1 literal (RFC 8252 §7.3): github.com/anthropics/claude-code/issues/82096, github.com/anthropics/claude-code/issues/14079",
            ]),
        ServerQuirkEntry(
            name: "GitHub",
            issuerPattern: "https://github.com/login/oauth",
            quirks: ServerQuirks(provider: ProviderQuirks(scopeSeparator: ",", tokenRequestHeaders: [QuirkParameter(name: "Accept", value: "application/json")], tokenResponse: TokenResponseQuirks(errorsWithStatus200: true)), registrationUnavailable: true),
            sources: [
                "OAuth and GitHub Apps are registered by hand; GitHub offers no RFC 7591 endpoint: docs.github.com/apps/oauth-apps/building-oauth-apps/creating-an-oauth-app",
                "Token responses list scopes comma-separated (\"scope\":\"repo,gist\", authorizing-oauth-apps)",
                "The token response is form-encoded unless the request sends Accept: application/json (authorizing-oauth-apps, step 2)",
                "A bad or expired code is answered HTTP 200 with {\"error\":\"bad_verification_code\"} (troubleshooting-oauth-app-access-token-request-errors)",
            ]),
        ServerQuirkEntry(
            name: "Google",
            issuerPattern: "https://accounts.google.com",
            quirks: ServerQuirks(registrationUnavailable: true),
            sources: [
                "no registration_endpoint in accounts.google.com/.well-known/openid-configuration (the catalog's pinned copy); clients are made in the Google Cloud console",
            ]),
        ServerQuirkEntry(
            name: "Microsoft Entra ID (one tenant)",
            issuerPattern: "https://login.microsoftonline.com/{tenant}/v2.0",
            quirks: ServerQuirks(provider: ProviderQuirks(omitsResourceOnRefresh: true), registrationUnavailable: true),
            sources: [
                "resource refused on refresh (AADSTS9010010), strictly since March 2026: github.com/modelcontextprotocol/python-sdk/issues/2578, github.com/modelcontextprotocol/csharp-sdk/issues/1587; the v2.0 endpoint binds the audience by scope ({resource}/.default): github.com/punkpeye/mcp-remote/issues/217",
                "no RFC 7591 endpoint in its discovery document: apps are registered in the Entra admin center (learn.microsoft.com/entra/identity-platform/quickstart-register-app)",
            ]),
        ServerQuirkEntry(
            name: "Salesforce",
            issuerPattern: "https://login.salesforce.com",
            quirks: ServerQuirks(loopbackHost: .localhost),
            sources: [
                "External Client Apps take only http://localhost callbacks and refuse 127.0.0.1: github.com/anthropics/claude-code/issues/86233, github.com/cognizant-ai-lab/nsflow/issues/233",
            ]),
        ServerQuirkEntry(
            name: "Salesforce (My Domain)",
            issuerPattern: "https://{domain}.my.salesforce.com",
            quirks: ServerQuirks(loopbackHost: .localhost),
            sources: [
                "External Client Apps take only http://localhost callbacks and refuse 127.0.0.1: github.com/anthropics/claude-code/issues/86233",
            ]),
        ServerQuirkEntry(
            name: "Sign in with Slack",
            issuerPattern: "https://slack.com",
            quirks: ServerQuirks(loopbackHost: .localhost, registrationUnavailable: true),
            sources: [
                "its MCP server needs a pre-registered client with a localhost redirect: github.com/anthropics/claude-code/issues/82096 (the 2.1.231 change for Slack)",
                "no registration_endpoint in slack.com/.well-known/openid-configuration (the catalog's pinned copy)",
            ]),
    ])
}
