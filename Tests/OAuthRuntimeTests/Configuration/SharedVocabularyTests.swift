import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime
import Testing

/// The runtime's public enums for what a quirk file names are the shared rules' values: the
/// build reads a quirk file with `OAuthPolicy`'s and generates code naming the runtime's cases.
@Suite struct SharedVocabularyTests {
    @Test func pkceMethodsAreThePolicys() throws {
        #expect(PKCEMethod.allCases.map(\.rawValue) == PKCEChallengeMethod.allCases.map(\.rawValue))
        for method in PKCEChallengeMethod.allCases {
            #expect(String(describing: try #require(PKCEMethod(rawValue: method.rawValue))) == method.caseName)
        }
    }

    @Test func tokenEndpointAuthMethodsAreThePolicys() throws {
        #expect(TokenEndpointAuthMethod.allCases.map(\.rawValue) == ClientAuthenticationMethod.allCases.map(\.rawValue))
        for method in ClientAuthenticationMethod.allCases {
            #expect(String(describing: try #require(TokenEndpointAuthMethod(rawValue: method.rawValue))) == method.caseName)
        }
    }
}
