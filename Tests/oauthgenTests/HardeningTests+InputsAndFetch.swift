import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Line ends, huge keys and what fetch refuses.
extension HardeningTests {
    /// Hardening 16: CR-only and CRLF line ends count as editors count them.
    @Test(arguments: ["\r", "\r\n"])
    func lineEndsOtherThanLFGiveTheRightLine(lineEnd: String) async throws {
        let discovery = [
            "{\"issuer\": \"https://id.example.com\",", "\"authorization_endpoint\": \"https://id.example.com/a\",",
            "\"token_endpoint\": \"http://id.example.com/t\",",
            "\"response_types_supported\": [\"code\"], \"code_challenge_methods_supported\": [\"S256\"]}",
        ].joined(separator: lineEnd)
        let plistLines = Self.quirkFile(extra: "<key>pkce</key><string>plain</string>").components(separatedBy: "\n")
        let pkceLine = try #require(plistLines.firstIndex { $0.hasPrefix("<key>pkce</key>") }) + 1
        let plist = plistLines.joined(separator: lineEnd)
        let input = try write(["cr.oauth-authorization-server.json": discovery, "cr.quirks.plist": plist])
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try await OAuthGenBinary.run(["validate", input.path])
        let json = input.appendingPathComponent("cr.oauth-authorization-server.json").path
        let quirks = input.appendingPathComponent("cr.quirks.plist").path
        #expect(run.stderrLines.contains { $0.hasPrefix("\(json):3:19: error:") }, "\(run.stderr)")
        #expect(
            run.stderrLines.contains {
                $0.hasPrefix("\(quirks):\(pkceLine):16: warning:") && $0.contains("[quirk-weak-pkce]")
            }, "\(run.stderr)")
        // libxml2's own line count (LF only) is mapped too.
        let broken = try write(["cut.quirks.plist": plistLines.prefix(5).joined(separator: lineEnd) + lineEnd])
        defer { try? FileManager.default.removeItem(at: broken) }
        let syntax = try await OAuthGenBinary.run(["validate", broken.path])
        #expect(
            syntax.stderrLines.first?.hasPrefix(
                broken.appendingPathComponent("cut.quirks.plist").path + ":6:1: error: expected well-formed XML")
                == true, "\(syntax.stderr)")
    }

    /// Hardening 16: did-you-mean stays linear on hostile lengths (before: 4 s at 10k characters,
    /// killed at 30 s at 300k). Only the outcome is asserted; the time is in the benchmarks.
    @Test func aHugeUnknownKeyGetsNoSuggestion() async throws {
        let key = String(repeating: "scopes", count: 50_000)
        let input = try write(["huge.quirks.plist": Self.quirkFile(extra: "<key>\(key)</key><string>x</string>")])
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try await OAuthGenBinary.run(["validate", input.path])
        #expect(run.status == 1)
        let finding = try #require(run.stderrLines.first { $0.contains("[quirk-unknown-key]") })
        #expect(!finding.contains("did you mean"))
    }

    /// Hardening 2: `fetch` pins nothing from a redirect target. Before, it followed the 302 and
    /// pinned the other server's document.
    @Test func fetchRefusesARedirect() async throws {
        let elsewhere = try LocalHTTPServer { _ in .json(#"{"issuer": "http://127.0.0.1:1"}"#) }
        let target = elsewhere.origin
        let issuerServer = try LocalHTTPServer { _ in .redirect(to: "\(target)/.well-known/openid-configuration") }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pinned = directory.appendingPathComponent("p.openid-configuration.json")
        let run = try await OAuthGenBinary.run([
            "fetch", issuerServer.origin, "--allow-insecure-loopback", "--output", pinned.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: expected the document at \(issuerServer.origin)/.well-known/openid-configuration, found HTTP 302 redirecting to '\(target)/.well-known/openid-configuration'; redirects are not followed: pin the issuer the redirect names only if you trust it [fetch-failed]\n"
        )
        #expect(elsewhere.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: pinned.path))
    }

    /// Hardening 16: a body over the input limit is refused while it streams (before: a 400 MB
    /// body was read whole, 857 MB resident, then refused).
    @Test func fetchRefusesAnOversizedDocument() async throws {
        let issuerServer = try LocalHTTPServer { _ in
            LocalHTTPServer.Response(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 3 << 20))
        }
        let run = try await OAuthGenBinary.run(["fetch", issuerServer.origin, "--allow-insecure-loopback"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: expected a discovery document of at most 1048576 bytes from \(issuerServer.origin)/.well-known/openid-configuration, found a larger one [fetch-failed]\n"
        )
        #expect(run.stdout.isEmpty)
    }
}
