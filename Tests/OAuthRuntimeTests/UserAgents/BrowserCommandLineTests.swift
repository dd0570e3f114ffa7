import Foundation
import OAuthRuntime
import Testing

#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
/// `--browser-command` is read one way by every tool (`oauthgen-login`, `mcp-client`, the
/// examples): split as a POSIX shell splits a simple command, nothing expanded.
@Suite struct BrowserCommandLineTests {
    @Test func quotesAndBackslashesAreAShellsAndNothingIsExpanded() throws {
        let agent = try LoopbackUserAgent(
            browserCommandLine: #"python3 "/tmp/my driver.py" --user 'a b' c\ d "$HOME" \"q\""#)
        #expect(agent.browserCommand == ["python3", "/tmp/my driver.py", "--user", "a b", "c d", "$HOME", "\"q\""])
    }

    @Test func noLineIsTheSystemsBrowser() throws {
        #expect(try LoopbackUserAgent(browserCommandLine: nil).browserCommand == LoopbackUserAgent().browserCommand)
    }

    @Test(arguments: [
        (#"open "unterminated"#, "expected a browser command line, found one with an unterminated quote"),
        ("   ", "expected a browser command line, found an empty one"),
    ])
    func aLineThatIsNoCommandIsRefused(line: String, message: String) {
        #expect(throws: OAuthError(.invalidConfiguration, message)) { try LoopbackUserAgent(browserCommandLine: line) }
    }
}
#endif
