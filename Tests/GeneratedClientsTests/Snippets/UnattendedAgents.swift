// UnattendedAgents.md's Swift snippets, compiled (see README.swift).

import Foundation
import OAuthResources
import OAuthRuntime

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
func clientCredentialsDocumentation(keyFile: URL, storePath: String) throws -> ProtectedResourceSession {
    // snippet: UnattendedAgents.md, client credentials
    let session = ProtectedResourceSession(
        resource: URL(string: "https://mcp.example.com/mcp")!,
        signIn: ClientCredentialsIdentity(
            clientID: "build-agent", issuer: "https://auth.example.com",
            clientKey: try ClientKey(contentsOf: keyFile)),
        store: FileTokenStore(directory: storePath))
    // end snippet
    return session
}
#endif

func workloadIdentityDocumentation() -> ProtectedResourceSession {
    // snippet: UnattendedAgents.md, a workload
    let session = ProtectedResourceSession(
        resource: URL(string: "https://mcp.example.com/mcp")!,
        signIn: WorkloadIdentity(tokenFile: URL(fileURLWithPath: "/var/run/secrets/tokens/mcp")))
    // end snippet
    return session
}

func serverQuirksDocumentation() -> ServerQuirkCatalog {
    // snippet: UnattendedAgents.md, an app's own entry
    var catalog = ServerQuirkCatalog.builtIn
    catalog.entries.insert(
        ServerQuirkEntry(
            name: "Our gateway", issuerPattern: "https://auth.internal.example",
            quirks: ServerQuirks(provider: ProviderQuirks(omitsResourceOnRefresh: true)),
            sources: ["ticket OPS-1234"]), at: 0)
    // end snippet
    return catalog
}
