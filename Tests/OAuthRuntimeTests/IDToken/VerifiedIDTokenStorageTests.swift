import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// A verified ID token is kept with its sign-in; what a relaunch reads back comes from the raw
/// token, and a record whose fields were edited does not load.
@Suite struct VerifiedIDTokenStorageTests {
    func verified() async throws -> VerifiedIDToken {
        let helper = IDTokenValidatorTests()
        let key = try await MintedKey.rsa(kid: "k1")
        let validator = try helper.validator(await helper.setUp([key]))
        let token = try await key.sign(
            helper.claims(["email": .string("a@example.com"), "auth_time": .number(1_799_999_000)]))
        return try await validator.validate(token, nonce: "n-1", now: helper.now)
    }

    @Test func aStoredTokenReadsBackAsItWas() async throws {
        let token = try await verified()
        let decoded = try JSONDecoder().decode(VerifiedIDToken.self, from: try JSONEncoder().encode(token))
        #expect(decoded == token)
        #expect(decoded.authTime == Date(timeIntervalSince1970: 1_799_999_000))
    }

    @Test(arguments: [
        ("subject", #""someone-else""#), ("issuer", #""https://evil.example""#), ("audiences", #"["another-client"]"#),
    ])
    func anEditedFieldIsRefused(key: String, value: String) async throws {
        let stored =
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(try await verified())) as! [String: Any]
        var edited = stored
        edited[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        let data = try JSONSerialization.data(withJSONObject: edited)
        do {
            _ = try JSONDecoder().decode(VerifiedIDToken.self, from: data)
            Issue.record("expected the edited \(key) to be refused")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(
                context.debugDescription == "expected the stored ID token's \(key) to be the raw token's, found another"
            )
        }
    }

    @Test func anEditedPayloadIsRefusedAndARawValueThatIsNoTokenToo() async throws {
        var stored =
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(try await verified())) as! [String: Any]
        stored["payload"] = Data(#"{"sub":"someone-else"}"#.utf8).base64EncodedString()
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(VerifiedIDToken.self, from: try JSONSerialization.data(withJSONObject: stored))
        }
        let forged =
            #"{"rawValue":"not.a.token","issuer":"https://id.example.com","subject":"user-1","audiences":["client-1"],"expiresAt":0,"issuedAt":0,"payload":"e30="}"#
        do {
            _ = try JSONDecoder().decode(VerifiedIDToken.self, from: Data(forged.utf8))
            Issue.record("expected a raw value that is no token to be refused")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.hasPrefix("expected a stored ID token with a JSON payload"))
        }
    }
}
