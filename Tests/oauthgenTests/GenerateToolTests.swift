import Foundation
import TestSupport
import Testing

/// `oauthgen-generate`, the plugins' tool, reads its command line itself (no
/// swift-argument-parser: every app's clean build compiles the tool) and runs the same
/// `GenerateRun` as `oauthgen generate`: the same files, byte for byte, the same findings, and
/// the usage errors a parser would give.
///
/// With OAUTHGEN_GENERATOR_BINARY naming another build of the tool (CI: the release artifact
/// bundle's, `Scripts/artifact-bundle.sh --output …`), the same checks hold for that binary.
@Suite struct GenerateToolTests {
    static func tool(_ arguments: [String]) throws -> ProcessRunner.Run {
        if let binary = ProcessInfo.processInfo.environment["OAUTHGEN_GENERATOR_BINARY"] {
            return try ProcessRunner.run(URL(fileURLWithPath: binary), arguments)
        }
        return try ProcessRunner.product("oauthgen-generate", arguments)
    }

    @Test func itWritesWhatTheCLIWrites() async throws {
        let directory = try makeTestDirectory("generate-tool")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (tool, cli) = (directory.appendingPathComponent("tool"), directory.appendingPathComponent("cli"))
        let byTool = try Self.tool(["generate", "Examples/Providers", "--output", tool.path, "--access-level=public"])
        let byCLI = try await OAuthGenBinary.run([
            "generate", "Examples/Providers", "--output", cli.path, "--access-level", "public",
        ])
        #expect(byTool.status == 0, "\(byTool.stderr)")
        #expect(byCLI.status == 0)
        #expect(byTool.stderr == byCLI.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: tool.path).sorted() == names)
        #expect(names.count == 8)
        for name in names {
            #expect(
                FileManager.default.contents(atPath: tool.appendingPathComponent(name).path)
                    == FileManager.default.contents(atPath: cli.appendingPathComponent(name).path), "\(name)")
        }
    }

    @Test func aBadInputFailsAsTheCLIDoes() async throws {
        let directory = try makeTestDirectory("generate-tool")
        defer { try? FileManager.default.removeItem(at: directory) }
        let byTool = try Self.tool([
            "generate", "Examples/BadRedirect", "-o", directory.appendingPathComponent("out").path,
        ])
        let byCLI = try await OAuthGenBinary.run([
            "generate", "Examples/BadRedirect", "-o", directory.appendingPathComponent("out").path,
        ])
        #expect(byTool.status == 1)
        #expect(byTool.stderr == byCLI.stderr)
        #expect(byTool.stderr.contains("error:"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    @Test(arguments: [
        ([], "error: expected the subcommand generate, found nothing"),
        (["validate", "x"], "error: expected the subcommand generate, found validate"),
        (["generate", "x"], "error: expected --output, found none"),
        (["generate", "--output", "out"], "error: expected at least one input, found none"),
        (["generate", "x", "--output"], "error: expected a value after --output, found none"),
        (["generate", "x", "--output", "a", "--output", "b"], "error: expected --output once, found it twice"),
        (["generate", "x", "--output", "out", "--fetch"], "error: expected an option of generate, found --fetch"),
        (
            ["generate", "x", "--output", "out", "--access-level", "open"],
            "error: expected --access-level to be one of public, internal, found open"
        ),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let run = try Self.tool(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message + "\n"), "\(run.stderr)")
        #expect(run.stderr.contains("usage: oauthgen-generate generate"))
    }

    @Test func helpPrintsTheUsage() throws {
        let run = try Self.tool(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("usage: oauthgen-generate generate <input>... --output <dir>"))
    }
}
