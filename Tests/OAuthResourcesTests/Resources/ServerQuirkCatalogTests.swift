import Foundation
@testable import OAuthResources
import Testing

/// The run-time quirk catalog's matching: an issuer, or a pattern whose `{name}` is one path
/// segment or one host label, and nothing more.
struct ServerQuirkCatalogTests {
    @Test(arguments: [
        (
            "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0",
            "Microsoft Entra ID (one tenant)"
        ),
        ("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0", "Microsoft Entra ID (one tenant)"),
        ("https://acme.my.salesforce.com", "Salesforce (My Domain)"),
        ("https://login.salesforce.com", "Salesforce"),
        ("https://slack.com", "Sign in with Slack"),
        ("https://github.com/login/oauth", "GitHub"),
        ("https://accounts.google.com", "Google"),
        ("https://mcp.atlassian.com", "Atlassian (remote MCP server)"),
    ])
    func theBuiltInCatalogNamesItsServers(issuer: String, name: String) {
        #expect(ServerQuirkCatalog.builtIn.entry(forIssuer: issuer)?.name == name)
    }

    /// Near misses: another path, a second segment where one is named, a label with a dot, a
    /// host that only contains the pattern, a v1 endpoint, a trailing slash.
    @Test(arguments: [
        "https://login.microsoftonline.com/common/oauth2/v2.0", "https://login.microsoftonline.com/a/b/v2.0",
        "https://login.microsoftonline.com//v2.0", "https://login.microsoftonline.com/tenant",
        "https://evil.example/login.microsoftonline.com/t/v2.0", "https://a.b.my.salesforce.com",
        "https://my.salesforce.com", "https://slack.com.evil.example", "https://accounts.google.com/",
        "http://accounts.google.com",
    ])
    func otherIssuersAreNotNamed(issuer: String) {
        #expect(ServerQuirkCatalog.builtIn.entry(forIssuer: issuer) == nil)
    }

    @Test func everyEntryCitesASourceAndDoesSomething() {
        for entry in ServerQuirkCatalog.builtIn.entries {
            #expect(!entry.sources.isEmpty, "\(entry.name)")
            #expect(!entry.quirks.applied.isEmpty, "\(entry.name)")
        }
    }
}
