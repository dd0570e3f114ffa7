import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import TestSupport
import Testing

/// `oauthgen-login --store FILE`: several processes share one stored sign-in at the real
/// django-oauth-toolkit, which rotates refresh tokens and revokes the whole family when one is
/// used twice — so a second refresh with the same token would fail every process after it.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct OAuthGenLoginStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "oauthgen-login-store-\(UUID().uuidString)")
    /// The `--store` folder.
    var path: String { directory.appendingPathComponent("tokens").path }
    /// The file of its one (default) sign-in.
    var signInFile: String { FileTokenStore(directory: path).path }

    func arguments(_ provider: DjangoProvider.Instance, browser: String) -> [String] {
        [
            "--issuer", provider.issuer, "--allow-insecure-loopback", "--client-id", provider.noConsentClientID,
            "--scope", "openid profile", "--store", path, "--browser-command", browser, "--timeout", "30", "--json",
        ]
    }

    func report(_ run: ProcessRunner.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    }

    /// The client's record says the access token expired (the provider's live 3600 s): the next
    /// use refreshes it, with the stored refresh token.
    func expireStoredAccessToken() throws {
        var record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: signInFile))) as? [String: Any]
        )
        var tokens = try #require(record["tokens"] as? [String: Any])
        tokens["expiresAt"] = 0  // 2001, in Foundation's default date encoding
        record["tokens"] = tokens
        try JSONSerialization.data(withJSONObject: record).write(to: URL(fileURLWithPath: signInFile))
        chmod(signInFile, 0o600)
    }

    @Test func severalProcessesOnAnExpiredTokenAllSucceedWithOneRefresh() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = try DjangoProvider.instance()
        let login = ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login")

        let first = try await ProcessRunner.runDetached(
            login, arguments(provider, browser: provider.browserCommand + " --username peggy"))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try report(first)["refreshed"] as? Bool == false)
        let signedInAs = try report(first)["subject"] as? String

        // Stored and valid: no browser (a browser command that fails would fail the run), no refresh.
        let again = try await ProcessRunner.runDetached(login, arguments(provider, browser: "false"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try report(again)["refreshed"] as? Bool == false)
        #expect(try report(again)["subject"] as? String == signedInAs)

        try expireStoredAccessToken()
        let refreshTokenBefore = try storedRefreshToken()
        let count = 4
        let runs = try await withThrowingTaskGroup(of: ProcessRunner.Run.self) { group in
            for _ in 0..<count {
                group.addTask { try await ProcessRunner.runDetached(login, arguments(provider, browser: "false")) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let refreshed = try runs.map { try report($0)["refreshed"] as? Bool }
        #expect(refreshed.filter { $0 == true }.count == 1, "\(refreshed)")
        #expect(try runs.allSatisfy { try report($0)["subject"] as? String == signedInAs })
        // The provider rotated once, and the file holds the new token, which still works.
        #expect(try storedRefreshToken() != refreshTokenBefore)
        let after = try await ProcessRunner.runDetached(login, arguments(provider, browser: "false") + ["--refresh"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(try report(after)["refreshed"] as? Bool == true)
    }

    /// Hardening 3, item 5: `--store` holding another client's sign-in was replaced silently,
    /// its grant left live. Now it is refused, or with the flag revoked first, then replaced.
    @Test func anotherClientsStoredSignInIsRefusedOrRevokedThenReplaced() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = try DjangoProvider.instance()
        let login = ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login")
        let first = try await ProcessRunner.runDetached(
            login, arguments(provider, browser: provider.browserCommand + " --username sybil"))
        #expect(first.status == 0, "\(first.stderr)")
        let firstFile = try Data(contentsOf: URL(fileURLWithPath: signInFile))
        let firstRefreshToken = try #require(try storedRefreshToken())

        var other = arguments(provider, browser: provider.browserCommand + " --username sybil")
        other[other.firstIndex(of: provider.noConsentClientID)!] = provider.clientID
        let refused = try await ProcessRunner.runDetached(login, other)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("expected the stored sign-in to be one of client \"\(provider.clientID)\""),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("pass --replace-stored-sign-in"))
        #expect(!refused.stderr.contains(firstRefreshToken))
        #expect(try Data(contentsOf: URL(fileURLWithPath: signInFile)) == firstFile)

        let replaced = try await ProcessRunner.runDetached(login, other + ["--replace-stored-sign-in"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try storedRefreshToken() != firstRefreshToken)
        // The first client's grant was revoked at the provider before its sign-in was replaced.
        let client = try await RealProvider.client()
        let stale = try SignIn<DiscoveredProvider>(
            tokens: TokenSet(accessToken: "x", refreshToken: firstRefreshToken), idToken: nil)
        await #expect { _ = try await client.refresh(stale) } throws: { RuntimeAgainstDjangoTests.isInvalidGrant($0) }
    }

    func storedRefreshToken() throws -> String? {
        let record =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: signInFile))) as? [String: Any]
        return (record?["tokens"] as? [String: Any])?["refreshToken"] as? String
    }
}
