import Foundation
@testable import OAuthRuntime
import Testing

/// What the Apple web-session agents tell `ASWebAuthenticationSession` to wait for.
@Suite struct WebAuthenticationCallbackTests {
    func registered(_ text: String) throws -> RegisteredRedirectURI {
        try RegisteredRedirectURI(try #require(URL(string: text)))
    }

    @Test func aPrivateUseSchemeIsMatchedByItsSchemeInLowerCase() throws {
        let callback = try WebAuthenticationCallback(for: registered("com.Example.App:/oauth2redirect"), httpsCallbacksAvailable: false)
        #expect(callback == .customScheme("com.example.app"))
        #expect(try WebAuthenticationCallback(for: registered("com.example.app:/cb"), httpsCallbacksAvailable: true) == .customScheme("com.example.app"))
    }

    @Test func aClaimedHTTPSRedirectNamesItsHostAndExactPath() throws {
        #expect(try WebAuthenticationCallback(for: registered("https://App.Example.com/oauth/callback/"), httpsCallbacksAvailable: true)
            == .https(host: "app.example.com", path: "/oauth/callback/"))
        #expect(try WebAuthenticationCallback(for: registered("https://app.example.com"), httpsCallbacksAvailable: true)
            == .https(host: "app.example.com", path: "/"))
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
}
