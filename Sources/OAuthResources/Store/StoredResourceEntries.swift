import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// Forgetting a protected resource from what the store holds (issue 45, G4): each sign-in kept for
/// the resource, at whatever server and as whatever client, and each client registered for it at
/// run time. Its tokens are revoked and its registration deleted at the servers the entries name,
/// best effort; the entries are forgotten here whatever the network says. Nothing is discovered,
/// registered or signed in to remove it.
@_spi(BuildingBlocks)
public enum StoredResourceEntries {
    /// What forgetting did.
    @_spi(BuildingBlocks)
    public struct Outcome: Sendable, Equatable {
        /// The sign-ins forgotten, by account.
        public var signIns: [String] = []
        /// The sign-ins whose grant the server revoked.
        public var revoked = 0
        /// The registrations forgotten, by key.
        public var registrations: [String] = []
        /// The registrations the server deleted (RFC 7592).
        public var deleted = 0
    }

    /// The accounts a store lists, for the stores that list them; `nil` for one that cannot.
    static func accounts(of store: any TokenStore) async throws -> [String]? {
        try await store.accountStore?.accounts()
    }

    /// Forgets every entry of `resource` (its identifier, as the sign-ins' owners name it) in `store`.
    static func forget(
        resource: String, in store: any AccountTokenStore, accounts: [String], redirectURIs: [URL],
        transport: any HTTPTransport, allowInsecureLoopback: Bool
    ) async -> Outcome {
        var outcome = Outcome()
        let registrations = store.registrationStore
        for account in accounts where account.hasPrefix("resource \(resource) at ") {
            let entry = store.forAccount(account)
            guard let record = try? await entry.load(), let owner = record.owner,
                owner.resource.map({ $0 == resource }) ?? true
            else { continue }
            // The registration a session made for this resource, at this server: its key, its record.
            let redirects = record.registration?.redirectURIs ?? redirectURIs
            let dynamic = redirects.map {
                ResourceClientRegistrar.dynamicKey(issuer: owner.issuer ?? "", redirectURI: $0, resource: resource)
            }
            var found: (key: String, registration: ClientRegistrationRecord)?
            for key in dynamic {
                if let registrations, let kept = try? await registrations.loadRegistration(key: key) {
                    found = (key, kept)
                    break
                }
            }
            var bound: ClientRegistrationRecord?
            if let registrations {
                bound = try? await registrations.loadRegistration(
                    key: ResourceClientRegistrar.preregisteredKey(clientID: owner.clientID))
            }
            // The server's metadata was kept with the registration; without it nothing is asked.
            if let server = found?.registration.authorizationServer ?? bound?.authorizationServer,
                await revoke(
                    record, at: server, registration: found?.registration, clientID: owner.clientID,
                    transport: transport,
                    allowInsecureLoopback: allowInsecureLoopback)
            {
                outcome.revoked += 1
            }
            try? await entry.clear()
            outcome.signIns.append(account)
            if let (key, registration) = found {
                if (try? await DynamicClientRegistration.delete(
                    registration, transport: transport, allowInsecureLoopback: allowInsecureLoopback)) == true
                {
                    outcome.deleted += 1
                }
                try? await registrations?.removeRegistration(key: key)
                outcome.registrations.append(key)
            }
        }
        return outcome
    }

    /// Revokes the sign-in's grant (its refresh token, else its access token) at `server`.
    private static func revoke(
        _ record: SignInRecord, at server: ProviderConfiguration, registration: ClientRegistrationRecord?,
        clientID: String,
        transport: any HTTPTransport, allowInsecureLoopback: Bool
    ) async -> Bool {
        guard server.endpoints.revocation != nil,
            let client = try? OAuthClient<DiscoveredProvider>(
                configuration: server,
                options: ClientOptions(
                    clientID: clientID, transport: transport, allowInsecureLoopback: allowInsecureLoopback,
                    registration: registration))
        else { return false }
        let (token, hint) =
            record.tokens.refreshToken.map { ($0, TokenTypeHint.refreshToken) } ?? (
                record.tokens.accessToken, .accessToken
            )
        return (try? await client.sendRevocation(token, hint: hint)) != nil
    }
}
