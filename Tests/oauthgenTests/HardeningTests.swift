import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The generator's findings from the attack review (hardening 12–16, and 2 for `fetch`), each
/// through the real `oauthgen` binary.
@Suite struct HardeningTests {
    static func quirkFile(
        name: String? = nil, scopes: [String] = [], claims: [String: String] = [:], extra: String = ""
    ) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(name.map { "<key>name</key><string>\(escaped($0))</string>" } ?? "")
            <key>clientID</key><string>app</string>
            <key>endpoints</key>
            <dict>
            <key>authorization</key><string>https://id.example.com/authorize</string>
            <key>token</key><string>https://id.example.com/token</string>
            </dict>
            <key>scopes</key><array>\(scopes.map { "<string>\(escaped($0))</string>" }.joined())</array>
            <key>claims</key><dict>\(claims.map { "<key>\(escaped($0.key))</key><string>\($0.value)</string>" }.joined())</dict>
            <key>redirectURIs</key><array><string>com.example.app:/cb</string></array>
            \(extra)
            </dict>
            </plist>
            """
    }

    func write(_ files: [String: String]) throws -> URL {
        let directory = try makeTemporaryDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    /// Hardening 12: names that are no Swift identifiers get deterministic escaped ones, and the
    /// output compiles. Before: `static let _`, `let container` shadowing the decoder's, exit 0.
    @Test func hostileScopeAndClaimNamesStillCompile() async throws {
        let scopes = ["*", "_", "名前", "container", "self", "rawValue", "init", "default", "Type", "a b", "1x"]
        let claims = [
            "container": "string", "decoder": "string", "_": "bool", "CodingKey": "int", "名前": "string",
            "self": "string", "String": "strings",
        ]
        let input = try write(["hostile.quirks.plist": Self.quirkFile(scopes: scopes, claims: claims)])
        defer { try? FileManager.default.removeItem(at: input) }
        let output = input.appendingPathComponent("out")
        let run = try await OAuthGenBinary.run(["generate", input.path, "--output", output.path])
        #expect(run.status == 0, "\(run.stderr)")
        let source = try String(contentsOf: output.appendingPathComponent("hostile.oauthgen.swift"), encoding: .utf8)
        #expect(source.contains("static let u2A = Scope(rawValue: \"*\")"))
        #expect(source.contains("static let u5F = Scope(rawValue: \"_\")"))
        #expect(source.contains("case u540D_524D = \"名前\""))
        // A scope the runtime would refuse to send (`ScopeToken`) gets no constant, only a warning.
        #expect(!source.contains("Scope(rawValue: \"名前\")") && !source.contains("Scope(rawValue: \"a b\")"))
        #expect(run.stderrLines.filter { $0.contains("[quirk-invalid-scope]") }.count == 2, "\(run.stderr)")
        #expect(source.contains("self.container = try container.decodeClaimIfPresent(String.self, forKey: .container)"))
        let check = try await OAuthGenBinary.typecheck(output)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.isEmpty, "\(check.stderr)")
        // Deterministic: a second run writes the same bytes.
        let again = input.appendingPathComponent("again")
        #expect(try await OAuthGenBinary.run(["generate", input.path, "--output", again.path]).status == 0)
        #expect(
            try String(contentsOf: again.appendingPathComponent("hostile.oauthgen.swift"), encoding: .utf8) == source)
    }

    /// Found by FuzzImport: with a declared encoding other than UTF-8, libxml2 decoded the bytes
    /// as that encoding and printed its own "encoding error" lines to stderr, which no editor can
    /// place. Now the bytes are read as the UTF-8 they were checked to be, and the declaration is
    /// one located error.
    @Test(arguments: ["ISO-2022-JP", "UTF-16", "ISO-8859-1"])
    func aDeclaredEncodingOtherThanUTF8IsOneLocatedErrorAndNothingElse(encoding: String) async throws {
        let input = try write([
            "odd.quirks.plist":
                "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<plist version=\"1.0\"><dict>\u{1B}$B\u{8}\t<key>clientID</key><string>x</string></dict></plist>\n"
        ])
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try await OAuthGenBinary.run(["validate", input.path])
        #expect(run.status == 1)
        let file = input.appendingPathComponent("odd.quirks.plist").path
        #expect(
            run.stderrLines == [
                "\(file):1:31: error: expected the encoding declaration to say UTF-8, found \"\(encoding)\" [plist-syntax] (XML 1.0 §2.1)"
            ])
    }

    /// Found by FuzzImport too: leading NUL bytes made libxml2 guess UCS-4 and print
    /// "encoding error" lines of its own.
    @Test func aNULByteIsOneLocatedErrorAndNothingElse() async throws {
        let input = try write(["odd.quirks.plist": "\u{0}\u{0}\u{0}<plist version=\"1.0\"><dict/></plist>\n"])
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try await OAuthGenBinary.run(["validate", input.path])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "\(input.appendingPathComponent("odd.quirks.plist").path):1:1: error: expected XML text, found a NUL byte (XML 1.0 §2.2) [plist-syntax] (XML 1.0 §2.1)"
            ])
    }

    /// Hardening 12: a type name that cannot be one is a located error, not uncompilable output.
    @Test(arguments: [
        "Any", "CodingKey", "Self", "Type", "AnyObject", "_", "OAuthSession", "SignIn", "OAuthError", "Error", "Task",
        "Result",
    ])
    func typeNamesThatCannotCompileAreLocatedErrors(name: String) async throws {
        let input = try write(["odd.quirks.plist": Self.quirkFile(name: name)])
        defer { try? FileManager.default.removeItem(at: input) }
        let output = input.appendingPathComponent("out")
        let run = try await OAuthGenBinary.run(["generate", input.path, "--output", output.path])
        #expect(run.status == 1)
        let file = input.appendingPathComponent("odd.quirks.plist").path
        #expect(
            run.stderrLines == [
                "\(file):4:16: error: expected \"name\" to be a Swift type name (a letter or '_' then letters, digits or '_', not a keyword, not a type of OAuthRuntime or the standard library the app would lose), found \"\(name)\" [quirk-invalid-name]"
            ])
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// Hardening 14: endpoints that are no valid URI are located errors; before, they became
    /// `URL(string: …)!`, which traps at launch where Foundation refuses them.
    @Test(arguments: [
        "https://id.example.com/a b", "https://id.example.com/a\\\"b", "https://id.example.com:99999/t",
        "https://id.example.com/%zz", "https://id.example.com/a\\\\b",
    ])
    func invalidEndpointURLsAreLocatedErrors(endpoint: String) async throws {
        let discovery = """
            {"issuer": "https://id.example.com", "authorization_endpoint": "https://id.example.com/a",
             "token_endpoint": "\(endpoint)", "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}
            """
        let input = try write(["bad.oauth-authorization-server.json": discovery])
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try await OAuthGenBinary.run([
            "generate", input.path, "--output", input.appendingPathComponent("out").path,
        ])
        #expect(run.status == 1)
        let file = input.appendingPathComponent("bad.oauth-authorization-server.json").path
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix("\(file):2:20: error: expected \"token_endpoint\" to be an absolute https URL: "),
            "\(run.stderr)")
        #expect(run.stderr.contains("[discovery-invalid-url]"))
    }

    /// Hardening 15: what the runtime refuses, the build refuses.
    @Test func anHTTPLocalhostIssuerIsAnErrorAndALoopbackAddressAWarning() async throws {
        func document(_ origin: String) -> String {
            """
            {"issuer": "\(origin)", "authorization_endpoint": "\(origin)/a", "token_endpoint": "\(origin)/t",
             "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}
            """
        }
        let input = try write([
            "dev.oauth-authorization-server.json": document("http://localhost:8080"),
            "loop.oauth-authorization-server.json": document("http://127.0.0.1:8080"),
        ])
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try await OAuthGenBinary.run(["validate", input.path])
        #expect(run.status == 1)
        let severities = run.stderrLines.map { line in
            line.contains(": error: ") ? "error" : line.contains(": warning: ") ? "warning" : "other"
        }
        #expect(
            run.stderrLines.filter { $0.contains("dev.oauth") }.allSatisfy {
                $0.contains(": error: ") && $0.contains("[discovery-insecure-endpoint]")
            })
        #expect(
            run.stderrLines.filter { $0.contains("loop.oauth") }.allSatisfy {
                $0.contains(": warning: ") && $0.contains("allowInsecureLoopback: true")
            })
        #expect(
            severities.filter { $0 == "error" }.count == 3 && severities.filter { $0 == "warning" }.count == 3,
            "\(run.stderr)")
    }

    /// Hardening 13: input text cannot forge a diagnostic line or drive the terminal.
    @Test func inputTextCannotForgeDiagnosticsOrReachTheTerminalRaw() async throws {
        let discovery = """
            {"issuer": "https://id.example.com", "authorization_endpoint": "https://id.example.com/a\\n/app/AppDelegate.swift:12:5: error: forged \\u001b[2J",
             "token_endpoint": "https://id.example.com/t", "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}
            """
        let input = try write(["evil.oauth-authorization-server.json": discovery])
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try await OAuthGenBinary.run(["validate", input.path])
        #expect(run.status == 1)
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(run.stderrLines.allSatisfy { $0.hasPrefix(input.path) }, "\(run.stderr)")
        #expect(!run.stderrLines.contains { $0.hasPrefix("/app/AppDelegate.swift") })
        #expect(run.stderr.contains("\\u{A}/app/AppDelegate.swift:12:5: error: forged \\u{1B}[2J"))
        #expect(run.stderrLines.contains { $0.contains("[input-invisible-character]") })
    }

    /// Hardening 16: bidi and zero-width characters are called out and escaped in generated code.
    /// Scopes holding them are no scope tokens and get no constant (`quirk-invalid-scope`); claim
    /// names are any JSON member names and are generated, escaped.
    @Test func bidiAndZeroWidthCharactersAreWarnedAboutAndEscaped() async throws {
        let input = try write([
            "trojan.quirks.plist": Self.quirkFile(
                scopes: ["read\u{202E}etirw"], claims: ["a\u{200B}b": "string", "x\u{202E}y": "string"])
        ])
        defer { try? FileManager.default.removeItem(at: input) }
        let output = input.appendingPathComponent("out")
        let run = try await OAuthGenBinary.run(["generate", input.path, "--output", output.path])
        #expect(run.status == 0)
        #expect(
            run.stderrLines.filter { $0.contains(": warning: ") && $0.contains("[input-invisible-character]") }.count
                == 3, "\(run.stderr)")
        #expect(run.stderr.contains("U+202E") && run.stderr.contains("U+200B"))
        #expect(run.stderrLines.filter { $0.contains("[quirk-invalid-scope]") }.count == 1, "\(run.stderr)")
        let source = try String(contentsOf: output.appendingPathComponent("trojan.oauthgen.swift"), encoding: .utf8)
        #expect(!source.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B })
        #expect(!source.contains("Scope(rawValue:"))
        #expect(source.contains(#"case xY = "x\u{202e}y""#) && source.contains(#"= "a\u{200b}b""#))
        #expect(try await OAuthGenBinary.typecheck(output).status == 0)
    }

    /// Hardening 16: a FIFO named like an input is refused, not read forever.
    @Test func aFIFONamedLikeAnInputIsRefused() async throws {
        let input = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: input) }
        let fifo = input.appendingPathComponent("pipe.quirks.plist").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try await OAuthGenBinary.run(["validate", input.path])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "\(fifo):1:1: error: expected a regular file, found a FIFO (named pipe) [input-unreadable]"
            ])
    }
}
