import OAuthRuntime

extension OAuthError {
    /// An error of the MCP SDK's own (a JSON-RPC error the server answered, a closed connection)
    /// as an ``OAuthError`` whose text is safe to print: the server chose the JSON-RPC error's
    /// message, and printed raw its ESC or bidi characters could drive the terminal (issue 53,
    /// H10). An ``OAuthError`` is returned as it is; every agent that prints an MCP exchange's
    /// failure goes through this one rule.
    public static func mcpExchange(_ error: any Error) -> OAuthError {
        if let error = error as? OAuthError { return error }
        return OAuthError(
            .unexpectedResponse, "expected the MCP server to answer, found \(error)", underlyingError: error)
    }
}
