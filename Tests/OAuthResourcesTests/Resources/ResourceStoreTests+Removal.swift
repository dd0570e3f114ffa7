import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) @testable import OAuthRuntime
@_spi(Testing) @testable import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

// Forgetting a resource and the server metadata kept with a registration.
extension ResourceStoreTests {
    /// Issue 45, G4: removing a server that is gone works from what the store holds. The
    /// resource no longer answers; a new session (nothing discovered) forgets its sign-in and
    /// registration, revokes the grant and deletes the client at the authorization server the
    /// entries name, and registers nothing. Seen failing before: removeServer() discovered first
    /// and threw for the resource that was gone, leaving the live refresh token and the client.
    /// On PostgreSQL (issue 54) it forgot only its own sign-in and deleted no client before the
    /// store listed its accounts through `AccountTokenStore`.
    @Test(arguments: SharedStoreKind.available)
    func aGoneResourceIsForgottenFromWhatTheStoreHolds(kind: SharedStoreKind) async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        let shared = try await kind.make()
        let store = shared.open()
        let first = try session(api, store: store, client: .dynamic(clientName: "gone"))
        #expect(try await call(first, api) == 200)
        let registration = try #require(try await first.oauthSession().client.options.registration)
        let account = try #require(try await store.accounts().first { $0.hasPrefix("resource \(api.resource) at ") })
        api.stop()

        let recording = RecordingTransport()
        let later = try session(
            api, store: store, client: .dynamic(clientName: "gone"), username: nil, transport: recording)
        try await later.removeServer()
        #expect(try await store.forAccount(account).load() == nil)
        #expect(
            recording.exchanges.contains {
                $0.request.method == "DELETE" && $0.request.url == registration.registrationClientURI
            })
        #expect(recording.urls.contains { $0.absoluteString.hasSuffix("/revoke_token/") }, "\(recording.urls)")
        #expect(
            !recording.exchanges.contains {
                $0.request.method == "POST" && $0.request.url.absoluteString.hasSuffix("/register/")
            })
        #expect(!recording.urls.contains { $0.absoluteString.hasPrefix(api.resource) })
        let read = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: try #require(registration.registrationClientURI),
                headers: ["Authorization": "Bearer \(registration.registrationAccessToken ?? "")"]))
        #expect(read.status == 401 || read.status == 404, "the client is still readable: HTTP \(read.status)")
        #expect(try await store.registrationStore?.registrationKeys() == [])
        await shared.remove()
    }

    /// Issue 45, G8: the server's metadata kept with a registration ages, and is read again after
    /// a token-endpoint failure that is not an OAuth error. The kept metadata here names a token
    /// endpoint the server does not have (it moved it, answering 404 there); the expired sign-in's refresh fails
    /// there once, and the next call reads the metadata again and refreshes at the real endpoint.
    /// Kept metadata two days old is read again before it is used. Seen failing before: every
    /// later call went to the dead endpoint, and old metadata was used forever.
    @Test func keptMetadataAgesAndIsReadAgainAfterItsEndpointFails() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await call(try session(api, store: store), api) == 200)
        let key = ResourceClientRegistrar.dynamicKey(
            issuer: provider.issuer, redirectURI: Self.redirect.url, resource: api.resource)
        var kept = try #require(try await store.loadRegistration(key: key))
        let realTokenEndpoint = try #require(kept.authorizationServer?.endpoints.token)
        // Read just now: within 5 minutes, room for a loaded machine (67 s passed between two
        // lines of another test beside two clean builds).
        #expect(kept.authorizationServerReadAt.map { abs($0.timeIntervalSinceNow) < 300 } == true)
        kept.authorizationServer?.endpoints.token = try #require(
            URL(string: "moved-token/", relativeTo: realTokenEndpoint)?.absoluteURL)
        try await store.saveRegistration(kept, key: key)
        let account = try #require(store.accounts().first { $0.hasPrefix("resource \(api.resource) at ") })
        var record = try #require(try await store.forAccount(account).load())
        record.tokens.expiresAt = Date(timeIntervalSinceNow: -60)
        try await store.forAccount(account).save(record)

        let later = try session(api, store: store, username: nil)
        let failed = await #expect(throws: OAuthError.self) { _ = try await call(later, api) }
        #expect(failed?.kind == .unexpectedResponse && failed?.httpStatus == 404, "\(String(describing: failed))")
        #expect(try await call(later, api) == 200)
        #expect(try await store.loadRegistration(key: key)?.authorizationServer?.endpoints.token == realTokenEndpoint)

        // Two days old: read again before use, though nothing failed.
        kept = try #require(try await store.loadRegistration(key: key))
        kept.authorizationServerReadAt = Date(timeIntervalSinceNow: -2 * 86_400)
        try await store.saveRegistration(kept, key: key)
        let recording = RecordingTransport()
        let aged = try session(api, store: store, username: nil, transport: recording)
        #expect(try await call(aged, api) == 200)
        #expect(
            recording.urls.contains {
                $0.path.contains("/.well-known/") && !$0.path.contains("oauth-protected-resource")
            }, "\(recording.urls)")
        #expect(
            try await store.loadRegistration(key: key)?.authorizationServerReadAt.map {
                abs($0.timeIntervalSinceNow) < 300
            } == true)
    }

    /// Removing the server deletes the registration at the server (RFC 7592) and forgets it and
    /// the sign-in; another resource's, in the same store, stays.
    @Test func removingTheServerDeletesItsRegistration() async throws {
        let provider = try DjangoProvider.instance()
        let (first, second) = (try ProtectedAPI(provider: provider), try ProtectedAPI(provider: provider))
        defer {
            first.stop()
            second.stop()
        }
        let (store, directory) = try temporaryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = try session(second, store: store, client: .dynamic(clientName: "kept"))
        #expect(try await call(kept, second) == 200)

        let removed = try session(first, store: store, client: .dynamic(clientName: "removed"))
        #expect(try await call(removed, first) == 200)
        let registration = try #require(try await removed.oauthSession().client.options.registration)
        let configurationURI = try #require(registration.registrationClientURI)
        try await removed.removeServer()

        let read = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: configurationURI,
                headers: ["Authorization": "Bearer \(registration.registrationAccessToken ?? "")"]))
        #expect(read.status == 401 || read.status == 404, "the deleted client is still readable: HTTP \(read.status)")
        #expect(store.accounts().count == 1)
        #expect(
            try await call(
                try session(second, store: store, client: .dynamic(clientName: "kept"), username: nil), second) == 200
        )
    }
}
