import Foundation
@testable import OAuthRuntime
import Testing

/// A catalog entry's quirks laid over what discovery found: what the entry states wins, what it
/// leaves standard stays as it was, and a report names what differs.
@Suite struct ProviderQuirksOverlayTests {
    @Test func anOverlaySetsWhatItStatesAndKeepsTheRest() {
        let found = ProviderQuirks(tokenEndpointAuthMethod: .clientSecretPost, dpop: true)
        let overlay = ProviderQuirks(
            scopeSeparator: ",", tokenRequestHeaders: [QuirkParameter(name: "Accept", value: "application/json")],
            tokenResponse: TokenResponseQuirks(errorsWithStatus200: true), omitsResourceOnRefresh: true)
        let merged = found.overlaid(with: overlay)
        #expect(merged.scopeSeparator == ",")
        #expect(merged.tokenRequestHeaders == [QuirkParameter(name: "Accept", value: "application/json")])
        #expect(merged.tokenResponse.errorsWithStatus200)
        #expect(merged.omitsResourceOnRefresh)
        #expect(merged.tokenEndpointAuthMethod == .clientSecretPost && merged.dpop)
        #expect(found.overlaid(with: ProviderQuirks()) == found)
    }

    @Test func deviationsNameEachMemberThatDiffers() {
        #expect(ProviderQuirks().deviations.isEmpty)
        #expect(
            ProviderQuirks(scopeSeparator: ",", omitsResourceOnRefresh: true).deviations
                == ["omitsResourceOnRefresh", "scopeSeparator"])
    }
}
