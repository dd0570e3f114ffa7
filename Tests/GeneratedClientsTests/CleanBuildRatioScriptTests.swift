import Foundation
import OAuthRuntime
import Testing
import TestSupport

/// `Benchmarks/clean-build-ratio.sh` writes a package whose `main.swift` calls a generated Google
/// client; an API change once broke it unseen (it called `Google.client(clientID:)`, which went
/// away). Its text is compiled here, against the same generated client, and compared with the
/// script's, so the script cannot drift again. (CI runs the script's `--smoke`: the packages are
/// made and their manifests load.)
@Suite struct CleanBuildRatioScriptTests {
    /// The script's `runtime` package's `main.swift`, compiled.
    static func runtimeMain() throws {
        let client = try Google.client(options: ClientOptions(clientID: "example"))
        print(client.clientID)
    }

    @Test func theRuntimePackagesMainIsTheCompiledOne() throws {
        let script = try String(
            contentsOf: ProcessRunner.packageRoot.appendingPathComponent("Benchmarks/clean-build-ratio.sh"),
            encoding: .utf8)
        let compiled = """
            'import OAuthRuntime
            let client = try Google.client(options: ClientOptions(clientID: "example"))
            print(client.clientID)'
            """
        #expect(
            script.contains(compiled),
            "the runtime package's main.swift in Benchmarks/clean-build-ratio.sh is not runtimeMain()'s body")
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        #expect(
            source.contains(
                """
                        let client = try Google.client(options: ClientOptions(clientID: "example"))
                        print(client.clientID)
                """))
    }
}
