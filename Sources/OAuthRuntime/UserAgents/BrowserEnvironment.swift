/// The environment a browser command starts with: this process's, without the variables that hold
/// secrets. The browser, and everything it starts, is not the client: `OAUTHGEN_CLIENT_SECRET`,
/// `MCP_IDENTITY_CLIENT_SECRET` or `PGPASSWORD` given to an agent are the agent's alone (issue 53,
/// H7). What a browser needs (`DISPLAY`, `WAYLAND_DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`, `PATH`,
/// `HOME`) is kept.
enum BrowserEnvironment {
    /// `environment` without every variable ``holdsSecret(_:)`` names.
    static func scrubbed(_ environment: [String: String]) -> [String: String] {
        environment.filter { !holdsSecret($0.key) }
    }

    /// Whether a variable's name says it holds a secret: it names a secret, a password or a token
    /// (`*SECRET*`, `*PASSWORD*`, `*PASSWD*`, `*TOKEN*`), or ends in `_KEY` (`AWS_SECRET_ACCESS_KEY`,
    /// `OPENAI_API_KEY`), in any case. A browser is started by none of these; a name that only
    /// looks like one costs the browser nothing it uses.
    static func holdsSecret(_ name: String) -> Bool {
        let name = name.uppercased()
        return ["SECRET", "PASSWORD", "PASSWD", "TOKEN"].contains { name.contains($0) } || name.hasSuffix("_KEY")
    }
}
