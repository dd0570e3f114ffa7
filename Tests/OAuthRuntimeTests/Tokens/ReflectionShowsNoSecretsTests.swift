import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// `dump`, `Mirror` and the debugger show what `description` shows: before the fix, `dump(tokens)`
/// printed the access and refresh tokens, `dump(pkce)` the verifier, `dump(key)` the private scalar.
@Suite struct ReflectionShowsNoSecretsTests {
    static let secrets = ["AT-SECRET", "RT-SECRET", "ID.TOKEN.SECRET", "CODE-SECRET", "CLIENT-SECRET", "DEVICE-SECRET"]

    func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    func expectNoSecret(_ value: some CustomStringConvertible, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = dumped(value)
        for secret in Self.secrets {
            #expect(
                !text.contains(secret), "\(type(of: value)) dumps \(secret):\n\(text)", sourceLocation: sourceLocation)
        }
        #expect(text.contains(value.description), "\(text)", sourceLocation: sourceLocation)
        #expect(Mirror(reflecting: value).children.map(\.label) == ["description"], sourceLocation: sourceLocation)
    }

    @Test func tokensSignInsAndTheirRecords() throws {
        let key = DPoPSigningKey(SoftwareDPoPKey())
        var tokens = TokenSet(
            accessToken: "AT-SECRET", expiresAt: Date(), refreshToken: "RT-SECRET", idToken: "ID.TOKEN.SECRET")
        tokens.dpopKey = key
        expectNoSecret(tokens)
        let signIn = SignIn<DiscoveredProvider>.withoutIDToken(tokens)
        expectNoSecret(signIn)
        expectNoSecret(signIn.record)
        // Inside another value too: the containing value's dump goes through the same mirror.
        let text = dumped([signIn])
        #expect(!text.contains("AT-SECRET") && !text.contains("RT-SECRET"))
    }

    @Test func keysCodesVerifiersAndSecrets() throws {
        let software = SoftwareDPoPKey()
        expectNoSecret(software)
        let scalar = software.rawRepresentation.map { String(format: "%02x", $0) }.joined()
        #expect(!dumped(software).contains(scalar))
        #expect(!dumped(software).contains("\(Array(software.rawRepresentation))"))
        expectNoSecret(DPoPSigningKey(software))

        let pkce = PKCE()
        expectNoSecret(pkce)
        #expect(!dumped(pkce).contains(pkce.verifier))

        expectNoSecret(AuthorizationCode(code: "CODE-SECRET"))
        expectNoSecret(
            CodeGrant(
                code: "CODE-SECRET", codeVerifier: pkce.verifier, redirectURI: URL(string: "com.example.app:/cb")!,
                clientID: "c"))
        expectNoSecret(ClientAuthentication(clientID: "c", method: .clientSecretBasic, clientSecret: "CLIENT-SECRET"))
        expectNoSecret(AuthorizationHeaders(authorization: "Bearer AT-SECRET", dpop: nil))

        let pending = PendingAuthorization<DiscoveredProvider>(
            state: "state-1", nonce: "nonce-1", pkce: pkce, redirectURI: URL(string: "com.example.app:/cb")!,
            issuer: "https://id.example.com", clientID: "c", scopes: ["openid"], createdAt: Date())
        expectNoSecret(pending)
        #expect(!dumped(pending).contains("state-1") && !dumped(pending).contains(pkce.verifier))

        let device = DeviceAuthorization<DiscoveredProvider>(
            userCode: "WDJB-MJHT", verificationURI: URL(string: "https://id.example.com/device")!,
            verificationURIComplete: nil, expiresAt: Date(), interval: .seconds(5),
            deviceCode: "DEVICE-SECRET", scopes: [], clientID: "c", issuer: nil)
        expectNoSecret(device)
    }
}
