import OAuthPolicy
import Testing

/// The names a quirk file may not set, because the client sets them itself: refused by the build
/// (`quirk-reserved-*`) and the runtime from these lists.
@Suite struct ReservedNamesTests {
    @Test(arguments: ["state", "nonce", "code_challenge", "redirect_uri", "client_id", "dpop_jkt", "request_uri"])
    func theClientsOwnAuthorizationParametersAreReserved(name: String) {
        #expect(ReservedParameters.isReservedAuthorizationParameter(name))
    }

    @Test func extraParametersAreNot() {
        #expect(!ReservedParameters.isReservedAuthorizationParameter("prompt_hint"))
        #expect(!ReservedParameters.isReservedTokenParameter("action"))
    }

    @Test(arguments: ["Authorization", "authorization", "DPoP", "dpop", "Content-Length", "HOST", "Content-Type"])
    func theClientsOwnHeadersAreReservedInAnyCase(name: String) {
        #expect(HeaderPolicy.isReserved(name))
    }

    @Test func headerNamesAndValuesMustBeHTTPTokensAndText() {
        #expect(HeaderPolicy.isValidName("X-Client-Version"))
        #expect(!HeaderPolicy.isValidName("X Client"))
        #expect(!HeaderPolicy.isValidName(""))
        #expect(HeaderPolicy.isValidValue("1.2.3"))
        #expect(!HeaderPolicy.isValidValue("a\r\nInjected: yes"))
    }

    @Test func terminalTextEscapesControlAndBidiCharacters() {
        #expect(TerminalText.escaping("a\u{1B}[31mb") == "a\\u{1B}[31mb")
        #expect(TerminalText.escaping("x\u{202E}y") == "x\\u{202E}y")
        #expect(TerminalText.escaping("plain é") == "plain é")
        #expect(TerminalText.containsInvisibleOrControl("a\u{200B}b"))
    }
}
