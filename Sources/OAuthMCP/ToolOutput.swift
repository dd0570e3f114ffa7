import MCP
internal import OAuthPolicy

/// What a tool answered, as an agent shows it: the server chose every byte, so printed as it came
/// it could clear the screen, move the cursor, forge a line of the agent's own output or read
/// differently from what it is (issue 45, G11).
public enum ToolOutput {
    /// `content` as text: a text item as the server sent it; an image, audio, resource or link
    /// by its kind, type and size, never its bytes. For JSON, which escapes what it must.
    public static func text(_ content: Tool.Content) -> String {
        switch content {
        case .text(let text, _, _): text
        case .image(let data, let mimeType, _, _): "[image \(mimeType), \(data.utf8.count) base64 characters]"
        case .audio(let data, let mimeType, _, _): "[audio \(mimeType), \(data.utf8.count) base64 characters]"
        case .resource(let resource, _, _): "[resource \(resource.uri)]"
        case .resourceLink(let uri, let name, _, _, _, _): "[link \(name): \(uri)]"
        }
    }

    /// `content` for a terminal: ``text(_:)`` with every control, bidi and invisible character
    /// written as a visible `\u{…}` escape, line by line, the line breaks kept.
    public static func printable(_ content: Tool.Content) -> String {
        printable(text(content))
    }

    /// Text a server supplied, made safe for a terminal the same way.
    public static func printable(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaping(String($0)) }.joined(
            separator: "\n")
    }
}
