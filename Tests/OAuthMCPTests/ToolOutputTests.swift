import MCP
import OAuthMCP
import Testing

/// A tool's answer as an agent prints it (issue 45, G11): the server chose every byte, so no
/// escape sequence reaches the terminal and no media is dumped; line breaks stay.
@Suite struct ToolOutputTests {
    @Test func controlAndBidiCharactersAreShownEscapedAndLinesKept() {
        let hostile = "total: 3\n\u{1B}[2J\u{1B}[Hsigned in as admin\u{202E}gnp.exe\r"
        #expect(
            ToolOutput.printable(.text(text: hostile, annotations: nil, _meta: nil))
                == "total: 3\n\\u{1B}[2J\\u{1B}[Hsigned in as admin\\u{202E}gnp.exe\\u{D}")
        #expect(ToolOutput.text(.text(text: hostile, annotations: nil, _meta: nil)) == hostile)
    }

    @Test func mediaIsNamedNotDumped() {
        let image = Tool.Content.image(data: "iVBORw0KGgo=", mimeType: "image/png", annotations: nil, _meta: nil)
        #expect(ToolOutput.printable(image) == "[image image/png, 12 base64 characters]")
        let link = Tool.Content.resourceLink(uri: "file:///tmp/x\u{1B}]0;pwned\u{7}", name: "x")
        #expect(ToolOutput.printable(link) == "[link x: file:///tmp/x\\u{1B}]0;pwned\\u{7}]")
    }
}
