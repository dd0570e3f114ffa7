import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// The client ID a client is made with follows the rule the build checks `clientID` with
/// (OAuthPolicy's `ClientIdentifier`): a generated client cannot carry one the runtime refuses.
@Suite struct ClientIdentifierTests {
    @Test(arguments: [
        ("", "an empty string"),
        ("abc\ndef", "\\u{A} at character 4"),
        ("client-é", "\\u{E9} at character 8"),
        ("\u{202E}abc", "\\u{202E} at character 1"),
    ])
    func aClientIDOutsidePrintableASCIIIsRefused(clientID: String, found: String) {
        let error = #expect(throws: OAuthError.self) {
            try OAuthClient<DiscoveredProvider>(
                configuration: testConfiguration(), options: ClientOptions(clientID: clientID))
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(
            error?.message
                == "expected a client ID of printable ASCII characters (client-id = *VSCHAR, RFC 6749 Appendix A.1), found \(found)"
        )
    }

    @Test func theConfigurationsClientIDIsCheckedToo() {
        var configuration = testConfiguration()
        configuration.client.clientID = "tab\there"
        let error = #expect(throws: OAuthError.self) {
            try OAuthClient<DiscoveredProvider>(configuration: configuration)
        }
        #expect(error?.message.hasSuffix("found \\u{9} at character 4") == true)
    }

    @Test func everyPrintableASCIIIDIsAccepted() throws {
        // VSCHAR is %x20-7E: spaces and punctuation included, as some providers' IDs have them.
        let printable = String(decoding: (0x20...0x7E).map { UInt8($0) }, as: UTF8.self)
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: testConfiguration(), options: ClientOptions(clientID: printable))
        #expect(client.clientID == printable)
    }
}
