import Foundation
@_spi(BuildingBlocks) @_spi(Testing) import OAuthRuntime
import Testing

/// What an app does with a generated provider besides signing in: make its client with any
/// option, catch its errors by kind, keep, compare and build its claims.
@Suite struct GeneratedEntryPointsTests {
    /// The pinned django-oauth-toolkit provider runs on 127.0.0.1 over http, and its quirk file
    /// says so once (`loopbackDevelopmentServer`, issue 28 item 2): the build notes it instead of
    /// warning per endpoint, and the generated client needs no `allowInsecureLoopback:`.
    @Test func aDeclaredLoopbackDevelopmentServerNeedsNoArgument() throws {
        #expect(DjangoOAuthToolkit.configuration.quirks.loopbackDevelopmentServer)
        let client = DjangoOAuthToolkit.client()
        #expect(client.configuration == DjangoOAuthToolkit.configuration)
        let session = try DjangoOAuthToolkit.session(client: client)
        #expect(session.client.clientID == client.clientID)
        // The same document without the declaration is refused without the argument.
        var undeclared = DjangoOAuthToolkit.configuration
        undeclared.quirks.loopbackDevelopmentServer = false
        do {
            _ = try OAuthClient<DjangoOAuthToolkit>(overriding: undeclared)
            Issue.record("expected the http endpoints to be refused")
        } catch {
            #expect(error.kind == .insecureEndpoint)
            #expect(error.description.contains("http://127.0.0.1:8000/o/authorize/"))
        }
        // Only loopback: an http endpoint elsewhere is refused whatever the quirk file says.
        var elsewhere = DjangoOAuthToolkit.configuration
        elsewhere.endpoints.token = URL(string: "http://id.example.com/o/token/")!
        do {
            _ = try OAuthClient<DjangoOAuthToolkit>(overriding: elsewhere)
            Issue.record("expected the http endpoint off loopback to be refused")
        } catch {
            #expect(error.kind == .insecureEndpoint)
            #expect(error.description.contains("http://id.example.com/o/token/"))
        }
    }

    /// Issue 28, item 3: `ObservableSession(session: try Google.session(store:))` did not compile as a
    /// property initializer, so every SwiftUI app wrote `try!` or `try?`. A provider whose
    /// configuration the build verified makes both without `try` (this file compiles with
    /// warnings as errors, so a needless `try` would fail it too).
    @MainActor
    @Test func aBuildVerifiedProvidersSessionIsAPropertyInitializer() {
        // A SwiftUI view is main-actor isolated, as this stand-in (no SwiftUI on Linux) is.
        @MainActor struct AccountView {
            var account = ObservableSession(session: Google.session(store: MemoryTokenStore()))
            let github = GitHub.client()
        }
        let view = AccountView()
        #expect(view.account.session.client.clientID == Google.configuration.client.clientID)
        #expect(view.github.configuration == GitHub.configuration)
        // Verified: the quirk file names the client ID and every endpoint is https (or on a
        // declared loopback server). Glewlwyd's pinned endpoints are http on loopback, undeclared:
        // it keeps the throwing factories only.
        #expect((Google.self as Any.Type) is any BuildVerifiedProvider.Type)
        #expect(!((Glewlwyd.self as Any.Type) is any BuildVerifiedProvider.Type))
    }

    /// Every member of ClientOptions reaches the client a generated provider makes, and does
    /// what it says there.
    @Test func everyRuntimeOptionReachesTheGeneratedClient() throws {
        struct Offline: HTTPTransport {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw URLError(.notConnectedToInternet) }
        }
        struct Backend: CodeExchange {
            func exchange(_ grant: CodeGrant, now: Date) async throws -> TokenSet { TokenSet(accessToken: "x") }
        }
        let options = ClientOptions(
            clientID: "per-environment", clientSecret: "not-secret-in-an-app", transport: Offline(),
            codeExchange: Backend(),
            clockSkew: 30, pendingAuthorizationLifetime: 120, allowInsecureLoopback: true, dpopKeyStorage: .software)
        let client = try Google.client(options: options)
        #expect(client.clientID == "per-environment")
        #expect(client.authentication.method != .none)
        // The app's transport, which the client reports each request of (issue 55).
        #expect(client.options.transport is Offline)
        #expect(client.codeExchange is Backend)
        #expect(client.idTokenValidator?.clockSkew == 30)
        #expect(client.options.pendingAuthorizationLifetime == 120)
        #expect(client.options.allowInsecureLoopback)
        #expect(client.options.dpopKeyStorage == .software)
        // The same value makes a client of a provider described at run time.
        let discovered = try OAuthClient<DiscoveredProvider>(configuration: Google.configuration, options: options)
        #expect(
            discovered.clientID == "per-environment" && discovered.options.transport is Offline
                && discovered.idTokenValidator?.clockSkew == 30)
    }

    @Test func anErrorIsCaughtByItsKindWhateverElseTheBlockThrows() {
        #expect(Self.caught(.cancelled, alsoThrowing: false) == "cancelled")
        #expect(Self.caught(.network, alsoThrowing: false) == "network")
        #expect(Self.caught(.stateMismatch, alsoThrowing: false) == "other")
        #expect(Self.caught(.cancelled, alsoThrowing: true) == "other")
        #expect(Self.caughtTyped(.cancelled))
        #expect(!Self.caughtTyped(.network))
    }

    private struct Unrelated: Error {}

    private static func fail(_ kind: OAuthError.Kind, orElse other: Bool) throws {
        if other { throw Unrelated() }
        throw OAuthError(kind, "expected nothing, found a test")
    }

    /// A `do` block that throws other errors too: its error type is `any Error`.
    private static func caught(_ kind: OAuthError.Kind, alsoThrowing other: Bool) -> String {
        do {
            try fail(kind, orElse: other)
            return "nothing"
        } catch OAuthError.Kind.cancelled {
            return "cancelled"
        } catch OAuthError.Kind.network {
            return "network"
        } catch {
            return "other"
        }
    }

    /// A `do` block whose error type is `OAuthError`.
    private static func caughtTyped(_ kind: OAuthError.Kind) -> Bool {
        do throws(OAuthError) {
            throw OAuthError(kind, "expected nothing, found a test")
        } catch OAuthError.Kind.cancelled {
            return true
        } catch {
            return false
        }
    }

    @Test func claimsAreValuesThatEncodeBackToTheirJSON() throws {
        let claims = Google.Claims(
            sub: "110169484474386276334", iss: "https://accounts.google.com", aud: Audience(["client-1"]),
            exp: Date(timeIntervalSince1970: 1_700_000_000), email: "jane@example.com", emailVerified: true)
        #expect(
            claims
                == Google.Claims(
                    sub: "110169484474386276334", iss: "https://accounts.google.com", aud: Audience(["client-1"]),
                    exp: Date(timeIntervalSince1970: 1_700_000_000), email: "jane@example.com", emailVerified: true))
        #expect(Set([claims, claims]).count == 1)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Whatever the encoder's date strategy, a date claim is a NumericDate, and an absent claim stays absent.
        encoder.dateEncodingStrategy = .iso8601
        let json = String(decoding: try encoder.encode(claims), as: UTF8.self)
        #expect(
            json
                == #"{"aud":"client-1","email":"jane@example.com","email_verified":true,"exp":1700000000,"iss":"https:\/\/accounts.google.com","sub":"110169484474386276334"}"#
        )
        #expect(try JSONDecoder().decode(Google.Claims.self, from: Data(json.utf8)) == claims)
    }

    @Test func userInfoOfAnOAuthProviderIsAValueToo() throws {
        let user = GitHub.UserInfo(id: 583231, login: "octocat")
        let data = try JSONEncoder().encode(user)
        #expect(try JSONDecoder().decode(GitHub.UserInfo.self, from: data) == user)
    }

    /// A provider with an end-session endpoint takes its post-logout redirect URIs as a type the
    /// build checked, from the quirk file's `postLogoutRedirectURIs`.
    @Test func postLogoutRedirectURIsAreTypedAndChecked() {
        #expect(Glewlwyd.PostLogoutRedirectURI.allCases == [.privateUseScheme])
        #expect(
            Glewlwyd.PostLogoutRedirectURI.privateUseScheme.registered.url.absoluteString
                == "com.example.swiftapp:/logout")
        #expect(Glewlwyd.PostLogoutRedirectURI.privateUseScheme.registered.kind == .privateUseScheme)
        // Okta's quirk file names none: its sign-out at the provider cannot be called with a URI the build never saw.
        #expect(Okta.PostLogoutRedirectURI.allCases.isEmpty)
    }

    /// Compiled, not run: the typed sign-out takes the enum's case.
    func signOutAtGlewlwyd(
        _ session: OAuthSession<Glewlwyd>, agent: some ExternalUserAgent
    ) async throws -> SignOutOutcome {
        try await session.signOut(with: agent, postLogoutRedirectURI: .privateUseScheme)
    }

    @Test func anAddressClaimIsBuiltForPreviews() {
        let address = AddressClaim(streetAddress: "1 Main St", locality: "Springfield", country: "US")
        #expect(address.locality == "Springfield")
        #expect(address.formatted == nil)
    }
}
