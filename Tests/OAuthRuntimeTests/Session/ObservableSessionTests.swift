import Foundation
@testable import OAuthRuntime
import Testing

/// The `@Observable` model a SwiftUI view reads follows the session: an `invalid_grant` inside a
/// `validAccessToken()` call anywhere signs the model out, with the reason, and no `catch` is needed.
@MainActor
@Suite struct SessionModelTests {
    let states: SessionStateTests

    init() throws {
        states = try SessionStateTests()
    }

    /// Waits (at most a second) until `condition` holds on the main actor.
    func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<100 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func theModelFollowsSignInRefreshAndARevokedGrant() async throws {
        let session = try states.session(MemoryTokenStore())
        let model = ObservableSession(session: session)
        try await eventually { model.signOutReason != nil }
        #expect(model.signOutReason == .neverSignedIn)
        #expect(!model.isSignedIn)

        try await session.keep(states.signIn("AT-1", "RT-1", expired: true))
        _ = try await session.validAccessToken()
        try await eventually { model.wasRefreshed }
        #expect(model.signIn?.tokens.accessToken == "AT-2")

        // Elsewhere in the app, a call with a grant the provider refuses.
        try await session.keep(states.signIn("AT-9", "RT-9", expired: true))
        Task { _ = try? await session.validAccessToken() }
        try await eventually { model.signOutReason == .grantRevoked }
        #expect(model.signIn == nil)
        #expect(model.signOutReason == .grantRevoked)
    }

    @Test func aModelThatGoesStopsFollowing() async throws {
        let session = try states.session(MemoryTokenStore())
        weak var gone: ObservableSession<DiscoveredProvider>?
        do {
            let model = ObservableSession(session: session)
            gone = model
            try await eventually { model.signOutReason != nil }
        }
        try await session.keep(states.signIn("AT-1", "RT-1", expired: false))
        try await eventually { gone == nil }
        #expect(gone == nil)
    }
}
