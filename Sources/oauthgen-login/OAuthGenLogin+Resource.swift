import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) import OAuthRuntime

// --resource: from a protected resource's URL alone to a call it answers, as an MCP client goes.
extension OAuthGenLogin {
    /// What `--resource --json` prints: how the client got its ID and what the resource said,
    /// never a token or the registration access token.
    struct ResourceReport: Encodable {
        var resource: String
        var authorization_server: String
        var client_id: String
        /// `preregistered`, `metadata-document` or `dynamic`.
        var registration: String
        /// Whether the registration came from the --store file instead of a new one.
        var registration_reused: Bool
        /// Whether the sign-in came from the --store file (no browser).
        var sign_in_reused: Bool
        var scope: String?
        /// Whether a 403 insufficient_scope made the client sign in again with more scopes.
        var stepped_up: Bool
        /// The final HTTP status of the call to the resource.
        var resource_status: Int
    }

    func resourceSignIn() async throws(OAuthError) {
        guard issuer == nil, discovery == nil, !device else {
            throw OAuthError(.invalidConfiguration, "expected --resource without --issuer, --discovery or --device: the resource names its authorization server")
        }
        guard let resource, let resourceURL = URL(string: resource), resourceURL.host != nil else {
            throw OAuthError(.invalidConfiguration, "expected --resource to be an absolute URL, found \"\(resource ?? "")\"")
        }
        let transport = URLSessionTransport()
        let discovered = try await ResourceDiscovery.discover(resource: resourceURL, transport: transport, allowInsecureLoopback: allowInsecureLoopback)
        var configuration = discovered.configuration
        if dpop { configuration.quirks.dpop = true }
        if par { configuration.quirks.pushedAuthorizationRequests = true }
        let redirect = try loopbackURI(redirectURI, option: "--redirect-uri")
        let scopes = scope.map { $0.split(separator: " ").map(String.init) } ?? discovered.scopes
        let fileStore = store.map { FileTokenStore(path: $0) }

        let stored = try await storedRecord(fileStore)
        let (registration, reused) = try await registration(for: configuration, redirect: redirect, scopes: scopes, stored: stored,
                                                            metadataDocuments: discovered.clientIDMetadataDocumentSupported, transport: transport)
        let client = try OAuthClient<DiscoveredProvider>(configuration: configuration, options: ClientOptions(
            clientSecret: clientSecret, transport: transport, allowInsecureLoopback: allowInsecureLoopback, registration: registration))
        let session = OAuthSession(client: client, store: fileStore.map { $0 as any TokenStore } ?? MemoryTokenStore())
        let command: [String]?
        do {
            command = try browserCommand.map(ShellWords.split)
        } catch {
            throw OAuthError(.invalidConfiguration, "\(error)")
        }
        func browserSignIn(_ scopes: [String]) async throws(OAuthError) {
            let agent = LoopbackUserAgent(browserCommand: command, timeout: timeout)
            let signIn = try await client.signIn(with: agent, redirectURI: redirect, scopes: scopes.map { ScopeValue(rawValue: $0) })
            try await session.keep(signIn)
        }

        let signInReused = try await session.currentSignIn() != nil
        if !signInReused { try await browserSignIn(scopes) }
        var request = URLRequest(url: resourceURL)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        var (_, response) = try await session.data(for: request)
        var steppedUp = false
        if let wanted = StepUp.scopes(after: response, granted: try await session.currentSignIn()?.tokens.scopes ?? scopes) {
            // Once: a resource that still refuses after that is reported as it answered.
            try await browserSignIn(wanted)
            (_, response) = try await session.data(for: request)
            steppedUp = true
        }
        let report = ResourceReport(
            resource: discovered.resource.identifier.absoluteString, authorization_server: configuration.issuer ?? "",
            client_id: client.clientID, registration: registration.method.rawValue, registration_reused: reused,
            sign_in_reused: signInReused, scope: try await session.currentSignIn()?.tokens.scopes?.joined(separator: " "),
            stepped_up: steppedUp, resource_status: response.statusCode)
        if json {
            print(Self.jsonText(report))
        } else {
            print("""
                resource: \(report.resource) (HTTP \(report.resource_status))
                authorization server: \(report.authorization_server)
                client: \(report.client_id) (\(report.registration)\(reused ? ", reused" : ""))
                scope: \(report.scope ?? "")\(steppedUp ? " (stepped up)" : "")
                """)
        }
    }

    /// The --store file's record, read once before a session exists (for its registration).
    private func storedRecord(_ store: FileTokenStore?) async throws(OAuthError) -> SignInRecord? {
        guard let store else { return nil }
        do {
            return try await store.load()
        } catch {
            throw OAuthError(.storageFailed, "expected a readable sign-in in \(self.store ?? ""), found \(error)")
        }
    }

    /// How the client comes by its ID, in the order MCP clients try them: --client-id (a URL is
    /// a Client ID Metadata Document), the --store file's registration with this server, a new
    /// RFC 7591 registration.
    private func registration(for configuration: ProviderConfiguration, redirect: RegisteredRedirectURI, scopes: [String], stored: SignInRecord?,
                              metadataDocuments: Bool, transport: URLSessionTransport) async throws(OAuthError) -> (ClientRegistrationRecord, reused: Bool) {
        let issuer = configuration.issuer ?? ""
        if let clientID {
            guard let url = URL(string: clientID), url.scheme == "https" || url.scheme == "http" else {
                return (ClientRegistrationRecord(issuer: issuer, clientID: clientID, method: .preregistered), false)
            }
            try EndpointPolicy.requireSecure(url, name: "client ID metadata document", allowInsecureLoopback: allowInsecureLoopback)
            guard metadataDocuments else {
                throw OAuthError(.invalidConfiguration, "expected the authorization server to accept a client ID metadata document (client_id_metadata_document_supported), found it does not say so; leave --client-id out to register dynamically")
            }
            return (ClientRegistrationRecord(issuer: issuer, clientID: clientID, method: .metadataDocument, redirectURIs: [redirect.url]), false)
        }
        if let previous = stored?.registration, previous.fits(issuer: configuration.issuer, redirectURIs: [redirect.url]) {
            return (previous, true)
        }
        let record = try await DynamicClientRegistration.register(with: configuration, redirectURIs: [redirect], clientName: "oauthgen-login",
                                                                  scopes: scopes, transport: transport, allowInsecureLoopback: allowInsecureLoopback)
        return (record, false)
    }
}
