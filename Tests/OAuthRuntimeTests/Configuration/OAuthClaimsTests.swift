import Foundation
@_spi(Generated) @testable import OAuthRuntime
import Testing

@Suite struct OAuthClaimsTests {
    struct Probe: Decodable {
        var flag: Bool?
        var count: Int?
        var ratio: Double?
        var when: Date?
        var aud: Audience?
        var extra: ClaimValue?

        enum CodingKeys: String, CodingKey { case flag, count, ratio, when, aud, extra }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            flag = try container.decodeClaimIfPresent(Bool.self, forKey: .flag)
            count = try container.decodeClaimIfPresent(Int.self, forKey: .count)
            ratio = try container.decodeClaimIfPresent(Double.self, forKey: .ratio)
            when = try container.decodeClaimIfPresent(Date.self, forKey: .when)
            aud = try container.decodeClaimIfPresent(Audience.self, forKey: .aud)
            extra = try container.decodeClaimIfPresent(ClaimValue.self, forKey: .extra)
        }
    }

    func decode(_ json: String) throws -> Probe {
        try JSONDecoder().decode(Probe.self, from: Data(json.utf8))
    }

    @Test func acceptsTheStringFormsRealProvidersSend() throws {
        // Apple sends email_verified and is_private_email as "true"/"false".
        let probe = try decode(#"{"flag": "true", "count": "42", "ratio": "0.5", "when": "1700000000"}"#)
        #expect(probe.flag == true)
        #expect(probe.count == 42)
        #expect(probe.ratio == 0.5)
        #expect(probe.when == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func nullAndAbsentAreNil() throws {
        let probe = try decode(#"{"flag": null}"#)
        #expect(probe.flag == nil)
        #expect(probe.count == nil)
    }

    @Test func refusesValuesOfTheWrongKind() {
        #expect(throws: DecodingError.self) { try decode(#"{"flag": "yes"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"count": "4.2"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"ratio": "NaN"}"#) }
    }

    @Test func audienceIsOneOrMany() throws {
        #expect(try decode(#"{"aud": "a"}"#).aud == Audience(["a"]))
        let many = try #require(try decode(#"{"aud": ["a", "b"]}"#).aud)
        #expect(many.contains("b"))
        #expect(!many.contains("c"))
    }

    @Test func undocumentedClaimsKeepTheirJSON() throws {
        let extra = try decode(#"{"extra": {"groups": ["x", 1, true, null]}}"#).extra
        #expect(extra == .object(["groups": .array([.string("x"), .number(1), .bool(true), .null])]))
    }
}
