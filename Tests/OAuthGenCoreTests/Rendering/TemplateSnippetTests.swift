import Foundation
import Testing
@testable import OAuthGenCore

/// Reference tests by snippet, as swift-openapi-generator's: one small input, the few lines of
/// Swift it must produce. A template change shows up here as the lines it changes, where the
/// whole-file goldens (GoldenFileTests) show it as three rewritten files.
@Suite struct TemplateSnippetTests {
    /// A minimal OpenID provider at `issuer`, its quirk file's dictionary body being `quirks`;
    /// `discovery` adds or replaces members of the document.
    static func render(
        issuer: String = "https://id.example.com", quirks: String, discovery: [String: Any] = [:]
    ) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var document: [String: Any] = [
            "issuer": issuer,
            "authorization_endpoint": "\(issuer)/authorize",
            "token_endpoint": "\(issuer)/token",
            "jwks_uri": "\(issuer)/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "code_challenge_methods_supported": ["S256"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "scopes_supported": ["openid", "email"],
        ]
        document.merge(discovery) { _, new in new }
        try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            .write(to: directory.appendingPathComponent("acme.openid-configuration.json"))
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>issuer</key>
            \t<string>\(issuer)</string>
            \(quirks)
            </dict>
            </plist>

            """.utf8
        ).write(to: directory.appendingPathComponent("acme.quirks.plist"))
        let result = Generator(templates: try TemplateSet.embedded()).run(paths: [directory.path])
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        return try #require(result.files.first?.contents)
    }

    /// Whether `lines`, each trimmed, appear one after another among `source`'s trimmed lines.
    static func contains(_ source: String, _ lines: [String]) -> Bool {
        let all = source.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard lines.count <= all.count else { return false }
        return (0...(all.count - lines.count)).contains { start in Array(all[start..<(start + lines.count)]) == lines }
    }

    static let registration = """
        <key>clientID</key>
        <string>acme-ios</string>
        <key>redirectURIs</key>
        <array><string>com.example.app:/oauth2redirect</string></array>
        """

    @Test func aRegisteredClientIsBuildVerifiedAndOneWithoutIsNot() throws {
        let registered = try Self.render(quirks: Self.registration)
        #expect(registered.contains("internal enum Acme: GeneratedProvider, OpenIDProvider, BuildVerifiedProvider {"))
        #expect(Self.contains(registered, ["client: ClientRegistration(", "clientID: \"acme-ios\","]))
        let unregistered = try Self.render(
            quirks: "<key>redirectURIs</key><array><string>com.example.app:/oauth2redirect</string></array>")
        #expect(unregistered.contains("internal enum Acme: GeneratedProvider, OpenIDProvider {"))
        #expect(Self.contains(unregistered, ["client: ClientRegistration(", "clientID: nil,"]))
    }

    @Test func aRedirectURIIsACaseWithItsKind() throws {
        let source = try Self.render(quirks: Self.registration)
        #expect(
            Self.contains(
                source,
                [
                    "/// `com.example.app:/oauth2redirect`. A private-use URI scheme (RFC 8252 §7.1).",
                    "case privateUseScheme",
                ]))
        #expect(
            source.contains(
                "case .privateUseScheme: RegisteredRedirectURI(uncheckedURL: URL(string: \"com.example.app:/oauth2redirect\")!, kind: .privateUseScheme)"
            ))
        // No end-session endpoint: no post-logout redirect type at all.
        #expect(!source.contains("PostLogoutRedirectURI"))
        // One, and no post-logout redirect registered: the runtime's empty type, not an empty enum.
        let endSession = try Self.render(
            quirks: Self.registration, discovery: ["end_session_endpoint": "https://id.example.com/logout"])
        #expect(endSession.contains("internal typealias PostLogoutRedirectURI = NoPostLogoutRedirectURI"))
        #expect(!endSession.contains("enum PostLogoutRedirectURI"))
    }

    @Test func aSchemeThatIsTheClientIDReversedIsReversedClientID() throws {
        let source = try Self.render(
            quirks: """
                <key>clientID</key>
                <string>123-abc.apps.googleusercontent.com</string>
                <key>redirectURIs</key>
                <array><string>com.googleusercontent.apps.123-abc:/oauth2redirect</string></array>
                """)
        #expect(
            source.contains(
                "case .reversedClientID: RegisteredRedirectURI(uncheckedURL: URL(string: \"com.googleusercontent.apps.123-abc:/oauth2redirect\")!, kind: .privateUseScheme)"
            ))
    }

    @Test func authorizationParametersBecomeQuirkParameters() throws {
        let source = try Self.render(
            quirks: Self.registration + """
                <key>authorizationParameters</key>
                <dict><key>access_type</key><string>offline</string></dict>
                """)
        #expect(
            Self.contains(
                source,
                [
                    "quirks: ProviderQuirks(",
                    "authorizationParameters: [QuirkParameter(name: \"access_type\", value: \"offline\")]", "),",
                ]))
    }

    @Test func aLoopbackDevelopmentServerNeedsNoOptionAndStaysBuildVerified() throws {
        let source = try Self.render(
            issuer: "http://127.0.0.1:8000/o",
            quirks: Self.registration + """
                <key>loopbackDevelopmentServer</key>
                <true/>
                """)
        #expect(Self.contains(source, ["quirks: ProviderQuirks(", "loopbackDevelopmentServer: true", "),"]))
        #expect(source.contains(", BuildVerifiedProvider {"))
    }

    @Test func aMissingEndpointIsACompileErrorThatSaysWhich() throws {
        let source = try Self.render(quirks: Self.registration)
        #expect(
            source.contains(
                "@available(*, unavailable, message: \"Acme has no revocation endpoint (RFC 7009) in its metadata or quirk file\")"
            ))
        let revocable = try Self.render(
            quirks: Self.registration, discovery: ["revocation_endpoint": "https://id.example.com/revoke"])
        #expect(
            revocable.contains(
                "internal enum Acme: GeneratedProvider, OpenIDProvider, SupportsRevocation, BuildVerifiedProvider {"))
        #expect(Self.contains(revocable, ["revocation: URL(string: \"https://id.example.com/revoke\")!,"]))
    }

    @Test func aQuirkClaimIsATypedOptionalMember() throws {
        let source = try Self.render(
            quirks: Self.registration + """
                <key>claims</key>
                <dict><key>hd</key><string>string</string><key>seats</key><string>int</string></dict>
                """)
        #expect(source.contains("internal let hd: String?"))
        #expect(source.contains("internal let seats: Int?"))
    }
}
