import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

@Suite struct PKCETests {
    @Test func matchesTheRFC7636AppendixBVector() throws {
        let appendixB = try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(appendixB.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(appendixB.method == .s256)
        #expect(
            try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", method: .plain).challenge
                == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    }

    @Test func freshVerifiersAreLongRandomAndInTheAlphabet() {
        let verifiers = (0..<200).map { _ in PKCE().verifier }
        #expect(Set(verifiers).count == 200)
        for verifier in verifiers {
            #expect((43...128).contains(verifier.count))
            #expect(verifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) })
        }
    }

    @Test(arguments: ["short", String(repeating: "a", count: 129), String(repeating: "a", count: 42) + "+"])
    func refusesVerifiersOutsideTheGrammar(verifier: String) {
        #expect(
            throws: OAuthError.invalidRequest(
                "expected a PKCE verifier of 43–128 characters from [A-Za-z0-9-._~], found \(verifier.count) characters"
            )
        ) {
            try PKCE(verifier: verifier)
        }
    }

    @Test func neverDescribesTheVerifier() {
        let pkce = PKCE()
        #expect(!"\(pkce)".contains(pkce.verifier))
    }
}
