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
            #expect(
                String(describing: try #require(TokenEndpointAuthMethod(rawValue: method.rawValue))) == method.caseName)
        }
    }

    @Test func clientAssertionAudiencesAreThePolicys() throws {
        #expect(ClientAssertionAudience.allCases.map(\.rawValue) == AssertionAudience.allCases.map(\.rawValue))
        for audience in AssertionAudience.allCases {
            #expect(
                String(describing: try #require(ClientAssertionAudience(rawValue: audience.rawValue)))
                    == audience.caseName)
        }
    }

    /// The build classifies a redirect with `RedirectKind`, the generated code writes the
    /// runtime's `RedirectURIKind` case of the same name, and the runtime converts by raw value.
    @Test func redirectKindsAreThePolicys() throws {
        #expect(
            RedirectURIKind.allCases.map(\.rawValue) == RedirectKind.allCases.filter { $0 != .invalid }.map(\.rawValue))
        for kind in RedirectURIKind.allCases {
            #expect(String(describing: kind) == RedirectKind(rawValue: kind.rawValue)?.description)
        }
    }
}
