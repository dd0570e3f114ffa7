import Foundation
@testable import OAuthRuntime
import Testing

/// No client secret in a description or a `dump` of what holds it: the options, the client that
/// keeps them and a session over that client (issue 45, G5: `dump` printed the secret of all
/// three; seen failing before `ClientOptions` reflected its description only).
@Suite struct ClientSecretReflectionTests {
    static let secret = "s3cr3t-9f2c-client-secret"

    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test func optionsClientsAndSessionsNeverShowTheSecret() async throws {
        let options = ClientOptions(clientID: "agent", clientSecret: Self.secret, transport: NoNetwork())
        let client = try OAuthClient<DiscoveredProvider>(configuration: testConfiguration(), options: options)
        let session = OAuthSession(client: client, store: MemoryTokenStore())
        for (name, text) in [
            ("options", "\(options)"), ("options dump", Self.dumped(options)), ("client dump", Self.dumped(client)),
            ("session dump", Self.dumped(session)), ("client", "\(client)"),
        ] {
            #expect(!text.contains(Self.secret), "\(name): \(text)")
        }
        #expect("\(options)".contains("clientSecret: <redacted>"))
        #expect("\(options)".contains("clientID: agent"))
    }
}
