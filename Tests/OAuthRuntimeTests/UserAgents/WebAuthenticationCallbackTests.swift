import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// What the Apple web-session agents tell `ASWebAuthenticationSession` to wait for.
@Suite struct WebAuthenticationCallbackTests {
    func registered(_ text: String) throws -> RegisteredRedirectURI {
        try RegisteredRedirectURI(try #require(URL(string: text)))
    }

    @Test func aPrivateUseSchemeIsMatchedByItsSchemeInLowerCase() throws {
        let callback = try WebAuthenticationCallback(
            for: registered("com.Example.App:/oauth2redirect"), httpsCallbacksAvailable: false)
        #expect(callback == .customScheme("com.example.app"))
        #expect(
            try WebAuthenticationCallback(for: registered("com.example.app:/cb"), httpsCallbacksAvailable: true)
                == .customScheme("com.example.app"))
    }

    @Test func aClaimedHTTPSRedirectNamesItsHostAndExactPath() throws {
        #expect(
            try WebAuthenticationCallback(
                for: registered("https://App.Example.com/oauth/callback/"), httpsCallbacksAvailable: true)
                == .https(host: "app.example.com", path: "/oauth/callback/"))
        #expect(
            try WebAuthenticationCallback(for: registered("https://app.example.com"), httpsCallbacksAvailable: true)
                == .https(host: "app.example.com", path: "/"))
    }

    /// No app can claim `localhost` or an address: refused as a registration, as the build refuses it.
    @Test func anHTTPSRedirectOnAHostNoAppCanClaimIsNotARegisteredRedirect() throws {
        for text in ["https://localhost/cb", "https://127.0.0.1/cb", "https://[::1]/cb"] {
            let error = #expect(throws: OAuthError.self) { try registered(text) }
            #expect(error?.kind == .invalidConfiguration)
            #expect(
                error?.message.hasPrefix(
                    "redirect URI \(text): expected a claimed https redirect to name a domain the app controls") == true
            )
        }
    }

    @Test func aClaimedHTTPSRedirectBeforeIOS174IsRefusedBeforeAnythingIsShown() throws {
        let error = #expect(throws: OAuthError.self) {
            try WebAuthenticationCallback(for: registered("https://app.example.com/cb"), httpsCallbacksAvailable: false)
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.message.contains("iOS 17.4 or macOS 14.4") == true)
        #expect(error?.message.contains("https://app.example.com/cb") == true)
    }

    @Test func aLoopbackRedirectIsNotAWebSessionsToReceive() throws {
        let error = #expect(throws: OAuthError.self) {
            try WebAuthenticationCallback(for: registered("http://127.0.0.1/cb"), httpsCallbacksAvailable: true)
        }
        #expect(error?.kind == .invalidRequest)
    }

    /// The request is made on the URI as registered, and only once the callback is known to work.
    @Test func preparingMakesTheRequestOnlyForARedirectTheSessionCanReceive() async throws {
        let (url, callback) = try await WebAuthenticationCallback.prepare(
            on: registered("com.example.app:/cb"), httpsCallbacksAvailable: false
        ) { (redirect: URL) async throws(OAuthError) -> (url: URL, state: String) in
            #expect(redirect.absoluteString == "com.example.app:/cb")
            return (URL(string: "https://id.example.com/authorize?state=s")!, "s")
        }
        #expect(url.absoluteString == "https://id.example.com/authorize?state=s")
        #expect(callback == .customScheme("com.example.app"))

        let refused = await #expect(throws: OAuthError.self) {
            _ = try await WebAuthenticationCallback.prepare(
                on: registered("https://app.example.com/cb"), httpsCallbacksAvailable: false
            ) { (_: URL) async throws(OAuthError) -> (url: URL, state: String) in
                Issue.record("no request may be made for a redirect the session cannot receive")
                return (URL(string: "https://id.example.com/authorize")!, "s")
            }
        }
        #expect(refused?.kind == .invalidConfiguration)
    }
}
