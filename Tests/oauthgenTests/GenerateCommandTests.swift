import Foundation
import TestSupport
import Testing

@Suite struct GenerateCommandTests {
    static let hostileFixtures = OAuthGenBinary.packageRoot.appendingPathComponent(
        "Tests/OAuthGenCoreTests/Fixtures/hostile")

    @Test func generatesOneFilePerProviderAndPrintsOnlyWarnings() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Generated")
        let run = await OAuthGenInProcess.run(["generate", "Examples/Providers", "--output", output.path])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 7)
        #expect(run.stderrLines.allSatisfy { $0.contains(": warning: ") })
        #expect(
            contents(of: output) == [
                "apple.oauthgen.swift", "docker.oauthgen.swift", "duende.oauthgen.swift", "entra.oauthgen.swift",
                "github.oauthgen.swift",
                "gitlab.oauthgen.swift", "google.oauthgen.swift", "okta.oauthgen.swift",
            ])
    }

    @Test func aSecondRunRewritesNothing() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "generate", "Examples/Providers/google.openid-configuration.json", "Examples/Providers/google.quirks.plist",
            "--output", directory.path,
        ]
        #expect(await OAuthGenInProcess.run(arguments).status == 0)
        let file = directory.appendingPathComponent("google.oauthgen.swift").path
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        let second = await OAuthGenInProcess.run(arguments)
        #expect(second.status == 0)
        #expect(second.stderr.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == past)
    }

    @Test func accessLevelInternal() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await OAuthGenInProcess.run([
            "generate", "Examples/Providers/github.quirks.plist", "--output", directory.path, "--access-level",
            "internal",
        ])
        #expect(run.status == 0)
        let source = try String(contentsOf: directory.appendingPathComponent("github.oauthgen.swift"), encoding: .utf8)
        #expect(source.contains("internal enum GitHub: GeneratedProvider, SupportsUserInfo, BuildVerifiedProvider {"))
        #expect(!source.contains("public "))
    }

    /// Each hostile input: exit 1, an error at its exact place, and not one file written.
    @Test(arguments: [
        ("xxe.quirks.plist", "3:3: error:", "[plist-entity]"),
        ("billion-laughs.quirks.plist", "3:2: error:", "[plist-entity]"),
        ("undeclared-entity.quirks.plist", "6:2: error:", "[plist-entity]"),
        ("truncated.quirks.plist", "8:", "[plist-syntax]"),
        (
            "wrong-types.quirks.plist", "6:2: error: expected \"clientID\" to be a <string>, found <integer>",
            "[quirk-wrong-type]"
        ),
        ("invalid-utf8.quirks.plist", "5:13: error: expected UTF-8 text, found the byte 0xE9", "[input-invalid-utf8]"),
    ])
    func hostileInputsWriteNothing(fixture: String, position: String, rule: String) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Next to a good provider, so a partial write would show.
        let input = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let hostile = input.appendingPathComponent("hostile.quirks.plist")
        try FileManager.default.copyItem(at: Self.hostileFixtures.appendingPathComponent(fixture), to: hostile)
        for name in ["google.openid-configuration.json", "google.quirks.plist"] {
            try FileManager.default.copyItem(
                at: OAuthGenBinary.packageRoot.appendingPathComponent("Examples/Providers/\(name)"),
                to: input.appendingPathComponent(name))
        }
        let output = directory.appendingPathComponent("out")
        let run = await OAuthGenInProcess.run(["generate", input.path, "--output", output.path])
        #expect(run.status == 1)
        let first = try #require(run.stderrLines.first { $0.contains(": error: ") && $0.contains(rule) })
        #expect(first.hasPrefix("\(hostile.path):\(position)"), "\(first)")
        #expect(first.contains(rule), "\(first)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aFiftyMegabyteFileIsRefusedUnread() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.openid-configuration.json")
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        let chunk = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        for _ in 0..<50 { handle.write(chunk) }
        try handle.close()
        let output = directory.appendingPathComponent("out")
        let run = await OAuthGenInProcess.run(["generate", big.path, "--output", output.path])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "\(big.path):1:1: error: expected a file of at most 1048576 bytes, found 52428800 bytes [input-too-large]"
            ])
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aSharedRedirectAcrossProvidersFailsTheWholeRun() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = { (uri: String) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>redirectURIs</key>
            \t<array><string>\(uri)</string></array>
            \t<key>endpoints</key>
            \t<dict><key>authorization</key><string>https://a.example.com/a</string><key>token</key><string>https://a.example.com/t</string></dict>
            </dict>
            </plist>
            """
        }
        try Data(plist("http://127.0.0.1:8000/cb").utf8).write(to: directory.appendingPathComponent("one.quirks.plist"))
        try Data(plist("http://127.0.0.1/cb").utf8).write(to: directory.appendingPathComponent("two.quirks.plist"))
        let output = directory.appendingPathComponent("out")
        let run = await OAuthGenInProcess.run(["generate", directory.path, "--output", output.path])
        #expect(run.status == 1)
        #expect(
            run.stderrLines.contains {
                $0.hasPrefix(
                    "\(directory.path)/two.quirks.plist:5:9: error: expected a redirect URI of its own for provider 'two'"
                ) && $0.hasSuffix("[mixup-shared-redirect] (RFC 8252 §8.10)")
            })
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func customTemplatesReplaceTheEmbeddedOne() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(
            "{{%CONTENT_TYPE:TEXT}}\n{{! oauthgen-template-context 3 }}\n// {{typeName}} <{{access}}>\n{{#scopes}}{{{literal}}}\n{{/scopes}}"
                .utf8
        )
        .write(to: directory.appendingPathComponent("ProviderClient.mustache"))
        let output = directory.appendingPathComponent("out")
        let run = await OAuthGenInProcess.run([
            "generate", "Examples/Providers/github.quirks.plist", "--output", output.path, "--templates",
            directory.path,
        ])
        #expect(run.status == 0)
        #expect(
            try String(contentsOf: output.appendingPathComponent("github.oauthgen.swift"), encoding: .utf8)
                == "// GitHub <internal>\n\"repo\"\n\"read:user\"\n\"user:email\"\n\"read:org\"\n")
    }

    @Test func aBrokenTemplateIsReportedAtItsLine() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let template = directory.appendingPathComponent("ProviderClient.mustache")
        try Data("{{%CONTENT_TYPE:TEXT}}\nline two\n{{#scopes}}unclosed\n".utf8).write(to: template)
        let output = directory.appendingPathComponent("out")
        let run = await OAuthGenInProcess.run([
            "generate", "Examples/Providers/github.quirks.plist", "--output", output.path, "--templates",
            directory.path,
        ])
        #expect(run.status == 1)
        #expect(run.stderrLines.first?.hasPrefix("\(template.path):") == true)
        #expect(run.stderrLines.first?.contains(": error: expected a valid Mustache template") == true)
        #expect(run.stderrLines.first?.hasSuffix("[template-invalid]") == true)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aTemplateKeyTheContextLacksFailsTheRunWithNothingWritten() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let template = directory.appendingPathComponent("ProviderClient.mustache")
        try Data(
            "{{%CONTENT_TYPE:TEXT}}\n{{! oauthgen-template-context 3 }}\nenum {{typeName}}: GeneratedProvider{{#hasRevokation}}, SupportsRevocation{{/hasRevokation}} {}\n"
                .utf8
        ).write(to: template)
        let output = directory.appendingPathComponent("out")
        let run = await OAuthGenInProcess.run([
            "generate", "Examples/Providers/github.quirks.plist", "--output", output.path, "--templates",
            directory.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "\(template.path):3:37: error: expected a key of the template context (version 3, see Templates/README.md), found 'hasRevokation' [template-invalid]"
            ])
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func theOutputOptionIsRequired() async throws {
        let run = await OAuthGenInProcess.run(["generate", "Examples/Providers"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--output"))
    }

    /// Every example provider's generated client compiles against the real runtime, with the real
    /// compiler, in Swift 6 mode, warnings as errors.
    @Test func everyGeneratedClientCompiles() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            await OAuthGenInProcess.run(["generate", "Examples/Providers", "--output", directory.path]).status == 0)
        #expect(contents(of: directory).count == 8)
        let run = try await OAuthGenBinary.typecheck(directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
