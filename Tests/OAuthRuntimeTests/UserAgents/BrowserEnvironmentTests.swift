@testable import OAuthRuntime
import Testing

/// Which variables a browser command does not inherit (issue 53, H7): every name that says it
/// holds a secret, the toolkit's own and the usual ones; never what a browser needs to start.
@Suite struct BrowserEnvironmentTests {
    @Test(arguments: [
        "OAUTHGEN_CLIENT_SECRET", "OAUTHGEN_IDENTITY_CLIENT_SECRET", "MCP_CLIENT_SECRET", "PGPASSWORD",
        "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "OPENAI_API_KEY", "github_token", "MYSQL_PASSWD",
    ])
    func aSecretsNameIsLeftOut(name: String) {
        #expect(BrowserEnvironment.holdsSecret(name))
    }

    @Test(arguments: [
        "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY", "PATH", "HOME", "LANG", "BROWSER",
        "SSH_AUTH_SOCK", "GNOME_KEYRING_CONTROL", "PGPASSFILE", "XDG_RUNTIME_DIR",
    ])
    func whatABrowserNeedsIsKept(name: String) {
        #expect(!BrowserEnvironment.holdsSecret(name))
    }

    @Test func scrubbingKeepsTheRestAsItIs() {
        let kept = BrowserEnvironment.scrubbed(["DISPLAY": ":0", "PGPASSWORD": "p", "PATH": "/usr/bin"])
        #expect(kept == ["DISPLAY": ":0", "PATH": "/usr/bin"])
    }
}
