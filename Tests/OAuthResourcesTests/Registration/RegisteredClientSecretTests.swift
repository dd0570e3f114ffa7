import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
@testable import OAuthResources
import RuntimeTestSupport
import Testing

/// Issue 53, item 9: a registration that answers with a secret of this instance's own (RFC 8252
/// §8.4) is kept and used, with the method it names; a method a native app cannot meet is refused.
@Suite struct RegisteredClientSecretTests {
    func answer(_ json: String) throws(OAuthError) -> RegisteredClientSecret {
        let object = (try? JSONDecoder().decode([String: ClaimValue].self, from: Data(json.utf8))) ?? [:]
        return try RegisteredClientSecret(answer: object)
    }

    @Test func aSecretIsKeptWithItsMethodAndExpiry() throws {
        let basic = try answer(
            #"{"client_secret": "s-1", "token_endpoint_auth_method": "client_secret_basic", "client_secret_expires_at": 0}"#
        )
        #expect(basic.method == .clientSecretBasic && basic.secret == "s-1" && basic.expiresAt == nil)
        let post = try answer(
            #"{"client_secret": "s-2", "token_endpoint_auth_method": "client_secret_post", "client_secret_expires_at": 1900000000}"#
        )
        #expect(post.method == .clientSecretPost && post.expiresAt == Date(timeIntervalSince1970: 1_900_000_000))
        // RFC 7591 §2: a secret without a method is client_secret_basic's.
        #expect(try answer(#"{"client_secret": "s-3"}"#).method == .clientSecretBasic)
        // Registered as public: a secret sent along anyway is never used.
        let none = try answer(#"{"client_secret": "s-4", "token_endpoint_auth_method": "none"}"#)
        #expect(none.method == nil && none.secret == nil)
        #expect(try answer("{}").method == nil)
    }

    @Test func aMethodTheClientCannotMeetIsRefused() {
        #expect(
            throws: OAuthError(
                .invalidRegistration,
                #"expected token_endpoint_auth_method "none", "client_secret_basic" or "client_secret_post" (RFC 7591 §2), found "private_key_jwt": a native app has no other credential to authenticate with"#
            )
        ) { _ = try answer(#"{"token_endpoint_auth_method": "private_key_jwt"}"#) }
        #expect(
            throws: OAuthError(
                .invalidRegistration,
                #"expected a "client_secret" of printable ASCII with token_endpoint_auth_method "client_secret_post" (RFC 7591 §3.2.1), found none"#
            )
        ) { _ = try answer(#"{"token_endpoint_auth_method": "client_secret_post"}"#) }
        #expect(throws: OAuthError.self) { _ = try answer(#"{"client_secret": "a\nb"}"#) }
    }

    /// The record says the method and hides the secret from every description and from `dump`.
    @Test func theSecretIsNeverPrinted() throws {
        var record = ClientRegistrationRecord(issuer: "https://as.example", clientID: "dyn-1", method: .dynamic)
        try answer(#"{"client_secret": "s3cr3t-1", "token_endpoint_auth_method": "client_secret_post"}"#)
            .apply(to: &record)
        var dumped = ""
        dump(record, to: &dumped)
        #expect(!record.description.contains("s3cr3t") && !dumped.contains("s3cr3t"))
        #expect(record.description.contains("tokenEndpointAuthMethod: client_secret_post, clientSecret: <redacted>"))
        let client = ConfidentialClient(clientID: "c", issuer: "https://as.example", clientSecret: "s3cr3t-2")
        dumped = ""
        dump(client, to: &dumped)
        #expect(!client.description.contains("s3cr3t") && !dumped.contains("s3cr3t"))
    }
}
