import Foundation
@_spi(BuildingBlocks) @testable import OAuthResources
@_spi(BuildingBlocks) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport

/// The store contract's removal case (issue 54): forgetting a resource goes through what every
/// account store says it keeps, so it works the same on the file, memory and PostgreSQL stores
/// and on one written outside this package. It forgets the resource's sign-ins and
/// registrations, whatever server and client they name, and leaves another resource's; with no
/// server metadata kept, it asks no server.
struct StoredResourceRemovalTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case file, memory, postgres, outside
        var testDescription: String { rawValue }

        static var available: [Kind] {
            SharedStoreKind.available.contains(.postgres) ? allCases : [.file, .memory, .outside]
        }
    }

    static let issuer = "https://as.example"
    static let redirect = URL(string: "http://127.0.0.1/callback")!

    /// A sign-in kept for `resource` as `clientID`, and its dynamic registration.
    static func keep(resource: String, clientID: String, in store: any AccountTokenStore) async throws {
        var record = StoreContract.record("AT-\(clientID)")
        record.owner = SignInOwner(
            issuer: issuer, clientID: clientID, tokenEndpoint: issuer + "/token", resource: resource)
        try await store.forAccount(
            ProtectedResourceSession.signInAccount(issuer: issuer, clientID: clientID, resource: resource)
        ).save(record)
        try await #require(store.registrationStore).saveRegistration(
            ClientRegistrationRecord(issuer: issuer, clientID: clientID, method: .dynamic, redirectURIs: [redirect]),
            key: ResourceClientRegistrar.dynamicKey(issuer: issuer, redirectURI: redirect, resource: resource))
    }

    @Test(arguments: Kind.available)
    func forgettingAResourceLeavesAnothersEntries(kind: Kind) async throws {
        let (store, remove): (any AccountTokenStore, @Sendable () async -> Void)
        switch kind {
        case .file, .postgres:
            let shared = try await (kind == .file ? SharedStoreKind.file : .postgres).make()
            (store, remove) = (shared.open(), shared.remove)
        case .memory: (store, remove) = (MemoryTokenStore(), {})
        case .outside: (store, remove) = (DictionaryStore(), {})
        }
        let (gone, kept) = ("https://gone.example/mcp", "https://kept.example/mcp")
        try await Self.keep(resource: gone, clientID: "client-gone", in: store)
        try await Self.keep(resource: kept, clientID: "client-kept", in: store)

        let outcome = await ProtectedResourceSession.forget(
            resource: gone, in: store, redirectURIs: [Self.redirect], transport: RecordingTransport())
        #expect(outcome.signIns == ["resource \(gone) at \(Self.issuer) as client-gone"])
        #expect(outcome.registrations.count == 1 && outcome.revoked == 0 && outcome.deleted == 0)
        #expect(
            try await store.accounts().filter { $0.hasPrefix("resource ") } == [
                "resource \(kept) at \(Self.issuer) as client-kept"
            ])
        #expect(
            try await store.registrationStore?.registrationKeys() == [
                ResourceClientRegistrar.dynamicKey(issuer: Self.issuer, redirectURI: Self.redirect, resource: kept)
            ])
        await remove()
    }
}
