import Foundation
@_spi(Testing) import OAuthRuntime
import Testing
import TestSupport

/// A sign-in through a generated type (`DjangoOAuthToolkit`, generated from
/// `Tests/Support/django-provider/pinned`) against the real django-oauth-toolkit on 127.0.0.1:
/// typed scopes, claims, userinfo and redirect URI, refresh through the typed session, sign-out.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() })
struct TypedSignInAgainstDjangoTests {
    /// The generated configuration on this run's port (the pinned document names port 8000).
    static func liveConfiguration(_ provider: DjangoProvider.Instance) throws -> ProviderConfiguration {
        DjangoOAuthToolkit.configuration.live(issuer: provider.issuer)
    }

    @Test func signsInReadsClaimsAndUserInfoRefreshesAndSignsOut() async throws {
        let provider = try DjangoProvider.instance()
        // No allowInsecureLoopback: the pinned quirk file declares a loopback development server.
        let client = try OAuthClient<DjangoOAuthToolkit>(overriding: Self.liveConfiguration(provider))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-typed-\(UUID().uuidString)/tokens.json"
        ).path
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let session = OAuthSession(client: client, store: FileTokenStore(path: path))
        let agent = LoopbackUserAgent(
            browserCommand: [provider.python, provider.driver, "--username", "grace"], timeout: 60)

        // No redirect URI named: the generated loopback one is the one the agent can receive.
        #expect(DjangoOAuthToolkit.RedirectURI.allCases.filter { agent.accepts($0.registered.kind) } == [.loopback])
        let signIn = try await session.signIn(with: agent, scopes: [.openid, .profile, .email])
        let claims: DjangoOAuthToolkit.Claims = signIn.claims
        #expect(claims.preferredUsername == "grace")
        #expect(claims.email == "grace@example.com")
        #expect(claims.emailVerified == true)
        #expect(claims.iss == provider.issuer)
        #expect(claims.aud?.contains("oauthgen-native-no-consent") == true)

        let userInfo: DjangoOAuthToolkit.UserInfo = try await session.userInfo()
        #expect(userInfo.sub == claims.sub)
        #expect(userInfo.givenName == "Grace")

        let refreshed = try await session.refresh()
        #expect(refreshed.claims.sub == claims.sub)
        #expect(refreshed.tokens.accessToken != signIn.tokens.accessToken)
        #expect(try await session.validAccessToken() == refreshed.tokens.accessToken)
        // The session kept it: a new session on the same file reads the same typed sign-in.
        let reopened = OAuthSession(client: client, store: FileTokenStore(path: path))
        #expect(try await reopened.currentSignIn()?.claims.preferredUsername == "grace")

        #expect(try await session.signOut() == .revoked)
        #expect(try await session.currentSignIn() == nil)
        await #expect { try await session.validAccessToken() } throws: { ($0 as? OAuthError)?.kind == .notSignedIn }
        // Revoked at the provider, not only forgotten here.
        await #expect { try await client.refresh(refreshed) } throws: {
            let error = $0 as? OAuthError
            return error?.kind == .requestRejected && error?.protocolError?.code == "invalid_grant"
        }
    }

    /// `acr_values` and `max_age` through the generated types: the provider lists `pwd` and
    /// `mfa` in `acr_values_supported`, so `DjangoOAuthToolkit.ACRValue` has both, and the ID
    /// token's `acr` reads back as one. It gives `mfa` to users with a second factor (heidi), and
    /// mallory, who has none, `pwd`: `acr_values` is a preference, so her sign-in stands and the
    /// app sees the weaker class. A `max_age` the sign-in cannot meet is refused.
    @Test func asksForAnAuthenticationContextClassAndReadsItTyped() async throws {
        let provider = try DjangoProvider.instance()
        #expect([DjangoOAuthToolkit.ACRValue.pwd, .mfa].map(\.rawValue) == ["pwd", "mfa"])
        let client = try OAuthClient<DjangoOAuthToolkit>(overriding: Self.liveConfiguration(provider))
        func agent(_ username: String) -> LoopbackUserAgent {
            LoopbackUserAgent(browserCommand: [provider.python, provider.driver, "--username", username], timeout: 60)
        }

        let strong = try await client.signIn(with: agent("heidi"), parameters: .init(maxAge: 300, acrValues: [.mfa]))
        #expect(strong.authenticationContextClass == .mfa)
        #expect(strong.claims.preferredUsername == "heidi")
        let weak = try await client.signIn(with: agent("mallory"), parameters: .init(acrValues: [.mfa, .pwd]))
        #expect(weak.authenticationContextClass == .pwd)
        // Without acr_values the provider asserts no class.
        #expect(try await client.signIn(with: agent("heidi")).authenticationContextClass == nil)

        // The provider ignores max_age for walter and reports his hour-old session: refused, with
        // the default clock skew. (A zero skew is no test of it: the ID token's iat, in whole
        // seconds, can then fall after the exchange's `now`.)
        let error = await #expect(throws: OAuthError.self) {
            try await client.signIn(with: agent("walter"), parameters: .init(maxAge: 600))
        }
        #expect(error?.kind == .insufficientAuthentication)
        #expect(
            error?.description.hasPrefix(
                "expected the user to have authenticated at most 600 s ago (max_age), found 36") == true)
    }
}
