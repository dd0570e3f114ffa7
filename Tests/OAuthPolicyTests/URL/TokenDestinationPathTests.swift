import OAuthPolicy
import Testing

/// Issue 53, H3: which paths a token may go to, read as written (RFC 3986 §5.2.4, §2.4).
@Suite struct TokenDestinationPathTests {
    @Test(arguments: [
        ("/servers/a/mcp/../../evil/mcp", TokenDestinationPath.Refusal.dotSegment("..")),
        ("/a/./mcp", .dotSegment(".")),
        ("/a/mcp/..", .dotSegment("..")),
        ("/a/mcp/%2e%2e/b", .encodedSeparator("%2e")),
        ("/a/mcp/%2E./b", .encodedSeparator("%2E")),
        ("/a/mcp/..%2fb", .encodedSeparator("%2f")),
        ("/a/mcp%5Cb", .encodedSeparator("%5C")),
    ])
    func refusesWhatAServerMayReadAsAnotherPath(path: String, refusal: TokenDestinationPath.Refusal) {
        #expect(TokenDestinationPath.refusal(in: path) == refusal)
    }

    @Test(arguments: [
        "/", "", "/a/mcp", "/a/mcp/", "/a/..b/mcp", "/a/mcp.json", "/a/.well-known/x", "/a/mcp?next=/../x&p=%2f",
        "/a/%41%20b",
    ])
    func acceptsEveryOtherPath(path: String) {
        #expect(TokenDestinationPath.refusal(in: path) == nil, "\(path)")
    }
}
