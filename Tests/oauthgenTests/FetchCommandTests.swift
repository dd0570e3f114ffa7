import Foundation
import TestSupport
import Testing

/// `oauthgen fetch` against django-oauth-toolkit on 127.0.0.1.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() })
struct FetchCommandTests {
    @Test func pinsTheDocumentStablyAndChecksDrift() async throws {
        let provider = try DjangoProvider.instance()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pinned = directory.appendingPathComponent("dot.openid-configuration.json")

        let fetch = try await OAuthGenBinary.run([
            "fetch", provider.issuer, "--allow-insecure-loopback", "--output", pinned.path,
        ])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.isEmpty && fetch.stderr.isEmpty)
        let text = try String(contentsOf: pinned, encoding: .utf8)
        #expect(
            text.hasPrefix(
                "{\n  \"acr_values_supported\": [\n    \"pwd\",\n    \"mfa\"\n  ],\n  \"authorization_endpoint\": \"\(provider.issuer)/authorize/\",\n"
            ))
        #expect(text.hasSuffix("}\n"))

        // Re-fetching an unchanged document leaves the file alone.
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: pinned.path)
        #expect(
            try await OAuthGenBinary.run([
                "fetch", provider.issuer, "--allow-insecure-loopback", "--output", pinned.path,
            ])
            .status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: pinned.path)[.modificationDate] as? Date == past)

        #expect(
            try await OAuthGenBinary.run([
                "fetch", provider.issuer, "--allow-insecure-loopback", "--check", pinned.path,
            ])
            .stderr.isEmpty)

        // A pinned copy that lists more than the provider now does: the provider "removed" it.
        let edited = text.replacingOccurrences(of: "\"openid\",\n", with: "\"openid\",\n    \"legacy\",\n")
        try Data(edited.utf8).write(to: pinned)
        let drift = try await OAuthGenBinary.run([
            "fetch", provider.issuer, "--allow-insecure-loopback", "--check", pinned.path,
        ])
        #expect(drift.status == 1)
        let line = try #require(edited.components(separatedBy: "\n").firstIndex(of: "    \"legacy\",")) + 1
        #expect(
            drift.stderrLines == [
                "\(pinned.path):\(line):5: error: expected \"scopes_supported\" to still list \"legacy\", found it removed in \(provider.issuer)/.well-known/openid-configuration [drift-removed]"
            ])
    }

    @Test func findsRFC8414MetadataByPathInsertion() async throws {
        let provider = try DjangoProvider.instance()
        let run = try await OAuthGenBinary.run([
            "fetch", provider.issuer, "--kind", "oauth", "--allow-insecure-loopback",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"revocation_endpoint\": \"\(provider.issuer)/revoke_token/\""))
    }

    @Test func refusesHTTPWithoutTheFlagAndAnIssuerMismatch() async throws {
        let provider = try DjangoProvider.instance()
        let http = try await OAuthGenBinary.run(["fetch", provider.issuer])
        #expect(http.status == 1)
        #expect(
            http.stderr
                == "error: expected https, found http on a loopback host; pass --allow-insecure-loopback for a local server [fetch-issuer-invalid] (OpenID Connect Discovery 1.0 §4; RFC 8414 §3; RFC 8252 §8.3)\n"
        )
        let mismatch = try await OAuthGenBinary.run([
            "fetch", provider.issuer, "--allow-insecure-loopback", "--expected-issuer", "https://other.example.com",
        ])
        #expect(mismatch.status == 1)
        #expect(
            mismatch.stderr.contains(
                ": error: expected the document's issuer to equal \"https://other.example.com\" exactly, found \"\(provider.issuer)\" [discovery-issuer-mismatch]"
            ))
        #expect(
            try await OAuthGenBinary.run(["fetch", "http://example.com/o"]).stderr
                == "error: expected an https issuer, found 'http://example.com/o' [fetch-issuer-invalid] (OpenID Connect Discovery 1.0 §4; RFC 8414 §3; RFC 8252 §8.3)\n"
        )
    }
}

#if os(Linux)
extension FetchCommandTests {
    /// Linux's URLSession cannot reach an IPv6 literal host; before, `fetch` said only
    /// "NSURLErrorDomain error -1000". Now it says why, and what to use instead.
    @Test func anIPv6LoopbackIssuerSaysWhyLinuxCannotReachIt() async throws {
        let run = try await OAuthGenBinary.run(["fetch", "http://[::1]:9", "--allow-insecure-loopback"])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "expected to reach [::1], found that this platform's URLSession cannot connect to an IPv6 literal host (swift-corelibs-foundation#5496); use http://127.0.0.1 for a local server"
            ),
            "\(run.stderr)")
    }
}
#endif
