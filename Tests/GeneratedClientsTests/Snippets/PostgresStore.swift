// OAuthPostgresStore.md's Swift snippets, compiled (see README.swift).

#if PostgreSQL
import Foundation
import OAuthPostgresStore
import OAuthResources
import OAuthRuntime

func postgresStoreDocumentation(secret: String) throws -> ProtectedResourceSession {
    // snippet: OAuthPostgresStore.md, making one
    let location = try PostgresStoreLocation(
        url: "postgres://agents@db.internal:5432/agents?sslmode=verify-full&sslrootcert=/etc/ssl/db.pem")
    let store = PostgresTokenStore(
        location: location, key: try StoreEncryptionKey(contentsOfFile: "/run/secrets/oauthgen-store-key"))
    let session = ProtectedResourceSession(
        resource: URL(string: "https://mcp.example.com/mcp")!,
        signIn: ClientCredentialsIdentity(clientID: "agent", issuer: "https://auth.example.com", clientSecret: secret),
        store: store)
    // end snippet
    return session
}
#endif
