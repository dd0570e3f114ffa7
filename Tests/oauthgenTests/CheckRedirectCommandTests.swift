import Foundation
import Testing

@Suite struct CheckRedirectCommandTests {
    @Test func cleanURIsPrintNothing() async throws {
        let run = await OAuthGenInProcess.run([
            "check-redirect", "com.example.app:/oauth2redirect", "http://127.0.0.1/cb", "https://app.example.com/cb",
        ])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.isEmpty)
    }

    @Test func findingsUseTheURIInPlaceOfAPath() async throws {
        let run = await OAuthGenInProcess.run(["check-redirect", "http://localhost:3000/cb", "myapp:/cb"])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "http://localhost:3000/cb:1:8: warning: expected the loopback IP literal 127.0.0.1 or [::1], found 'localhost', which may resolve to another interface or be blocked by a firewall [redirect-localhost] (RFC 8252 §8.3)",
                "http://localhost:3000/cb:1:18: note: expected no fixed port: the client listens on an ephemeral port chosen at run time and the server must accept any port, found port 3000 [redirect-fixed-port] (RFC 8252 §7.3)",
                "myapp:/cb:1:1: error: expected a private-use scheme based on a reverse domain name the app controls (e.g. 'com.example.app'), found 'myapp' with no period; servers should reject it and any app can claim it [redirect-scheme-no-period] (RFC 8252 §8.4)",
            ])
    }

    @Test func warningsAloneExitZero() async throws {
        #expect(await OAuthGenInProcess.run(["check-redirect", "http://localhost/cb"]).status == 0)
    }

    @Test func jsonListsKindAndFindingsPerURI() async throws {
        let run = await OAuthGenInProcess.run([
            "check-redirect", "--format", "json", "com.example.app://cb", "http://[::1]/cb", "http://evil.example/cb",
            "https://app.example.com/cb",
        ])
        #expect(run.status == 1)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(
            entries.map { $0["uri"] as? String } == [
                "com.example.app://cb", "http://[::1]/cb", "http://evil.example/cb", "https://app.example.com/cb",
            ])
        #expect(entries.map { $0["kind"] as? String } == ["privateUseScheme", "loopback", "invalid", "claimedHTTPS"])
        let first = try #require((entries[0]["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["severity"] as? String == "warning")
        #expect(first["rule"] as? String == "redirect-scheme-double-slash")
        #expect(first["reference"] as? String == "RFC 8252 §7.1")
        #expect((entries[1]["diagnostics"] as? [Any])?.isEmpty == true)
        #expect((entries[2]["diagnostics"] as? [[String: Any]])?.first?["severity"] as? String == "error")
    }

    @Test func helpTeachesTheThreeKinds() async throws {
        let run = await OAuthGenInProcess.run(["check-redirect", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("com.example.app:/oauth2redirect"))
        #expect(run.stdout.contains("http://127.0.0.1/callback"))
    }
}
