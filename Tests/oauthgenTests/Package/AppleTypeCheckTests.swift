import Foundation
import TestSupport
import Testing

/// The extracted Apple SDKs named in the environment, as `.ci/run` reads them.
enum AppleSDKs {
    static var paths: [String] {
        let environment = ProcessInfo.processInfo.environment
        return ["OAUTHGEN_APPLE_SDK", "OAUTHGEN_APPLE_MAC_SDK"].compactMap { environment[$0] }.filter { !$0.isEmpty }
    }
}

/// The Apple-only code, the generated clients, the documentation's Apple snippets and the example iOS
/// app type-checked against real Apple SDKs (`Scripts/typecheck-apple.sh`), inside `swift test`
/// wherever an extracted SDK is at hand. Elsewhere the suite is skipped and says how to run it,
/// rather than passing on nothing.
@Suite(
    .serialized,
    .enabled(
        if: AppleSDKs.paths.isEmpty == false,
        """
        no Apple SDK here: set OAUTHGEN_APPLE_SDK (an iPhoneOS*.sdk) and/or OAUTHGEN_APPLE_MAC_SDK (a MacOSX*.sdk), \
        extracted as Scripts/apple-sdks.md says, to type-check the Apple-only code in swift test
        """))
struct AppleTypeCheckTests {
    @Test(arguments: AppleSDKs.paths)
    func everyAppleOnlyFileTypeChecks(sdk: String) async throws {
        let script = ProcessRunner.packageRoot.appendingPathComponent("Scripts/typecheck-apple.sh")
        // The oauthgen this test run built: the script would otherwise `swift build` it, and wait
        // forever for the lock this `swift test` holds.
        let run = try await ProcessRunner.runDetached(
            script, [ProcessRunner.packageRoot.path, sdk],
            environment: ["OAUTHGEN": ProcessRunner.productsDirectory.appendingPathComponent("oauthgen").path])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("RESULT: all Apple type-checks passed"), "\(run.stdout)")
    }
}
