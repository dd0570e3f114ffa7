import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

@Suite struct Base64URLTests {
    @Test func roundTripsEveryLength() {
        for length in 0..<64 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(Base64URL.decodeBytes(encoded.utf8) == bytes)
        }
    }

    @Test(arguments: ["a", "ab=", "a+b/", "ab c", "abcde", "QR"])
    func refusesWhatIsNotCanonicalBase64URL(text: String) {
        // "QR" leaves non-zero trailing bits: another encoder could not have produced it.
        #expect(Base64URL.decodeBytes(text.utf8) == nil)
    }
}
