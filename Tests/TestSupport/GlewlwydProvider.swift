import Foundation
import OAuthLocking
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Glewlwyd 2.7.5 (Debian's package) on 127.0.0.1, started once per test run: the second real
/// OpenID provider, with PAR, DPoP, the device grant and RP-initiated logout.
///
/// `Tests/Support/glewlwyd/start.sh` starts and seeds it with fresh state in a temporary
/// directory; it is stopped by PID (`stop.sh`, which checks the PID is still that Glewlwyd) when
/// the test process exits. The python it needs is the project's `.venv`, which `DjangoProvider`
/// creates.
public enum GlewlwydProvider {
    /// One running instance.
    public struct Instance: Sendable {
        /// `…/api/oidc`: DPoP optional.
        public var issuer: String
        /// `…/api/oidcn`: the DPoP server nonce is mandatory.
        public var nonceIssuer: String
        /// `…/api/oidcp`: every authorization request must be pushed (RFC 9126).
        public var parRequiredIssuer: String
        /// A public client, DPoP optional.
        public var publicClientID: String { "swift-native" }
        /// A public client that must use DPoP.
        public var dpopClientID: String { "swift-native-dpop" }
        /// Registered for every client.
        public var privateUseRedirect: String { "com.example.swiftapp:/oauth2redirect" }
        public var python: String
        /// The headless browser.
        public var browser: String
        /// The headless browser as a `--browser-command`.
        public var browserCommand: [String] { [python, browser] }
    }

    static let supportDirectory = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/glewlwyd")

    /// Started on first use.
    public static let shared = started(name: "shared")

    /// A second instance with its own database, for the tests in another target: Glewlwyd on
    /// SQLite fails concurrent writes, and tests of different targets run side by side. Its
    /// `swift-native` client has every ephemeral loopback port registered (Glewlwyd matches
    /// redirect URIs exactly; RFC 8252 §7.3 says any port), so loopback sign-ins work, slower.
    public static let separate = started(name: "separate", anyLoopbackPort: true)

    private static func started(
        name: String, anyLoopbackPort: Bool = false
    ) -> Result<Instance, DjangoProvider.Unavailable> {
        do {
            return .success(try start(name: name, anyLoopbackPort: anyLoopbackPort))
        } catch let error as DjangoProvider.Unavailable {
            FileHandle.standardError.write(
                Data(
                    """

                    ************************************************************************
                      SKIPPING the tests against Glewlwyd: \(error.description)
                      Run .ci/run (it installs Debian's glewlwyd) to run them.
                    ************************************************************************

                    """.utf8))
            return .failure(error)
        } catch {
            return .failure(DjangoProvider.Unavailable(description: "\(error)"))
        }
    }

    /// Whether it could be started; with OAUTHGEN_REQUIRE_PROVIDER=1 (CI) the tests run and fail instead.
    public static var isAvailable: Bool {
        if case .success = shared { return true }
        if ProcessInfo.processInfo.environment["OAUTHGEN_REQUIRE_PROVIDER"] == "1" { return true }
        if case .failure(let error) = shared {
            SkippedPeers.note(peer: "Glewlwyd", reason: "\(error.description) (.ci/run installs Debian's package)")
        }
        return false
    }

    /// ``isAvailable`` started off Swift's cooperative pool, both instances; for suites'
    /// `.enabled { }` conditions (see `DjangoProvider.isAvailableOffPool`).
    public static func isAvailableOffPool() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = separate
                continuation.resume(returning: isAvailable)
            }
        }
    }

    public static func instance() throws -> Instance {
        try shared.get()
    }

    private static func start(name: String, anyLoopbackPort: Bool) throws -> Instance {
        guard ProcessRunner.which("glewlwyd") != nil else {
            throw DjangoProvider.Unavailable(description: "glewlwyd is not installed")
        }
        // The venv with requests and cryptography (django's requirements bring both).
        let python = try DjangoProvider.instance().python
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-glewlwyd-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: state)
        try runStartScript(state: state, python: python, anyLoopbackPort: anyLoopbackPort)
        let first = runDirectories.withLock { directories in
            directories.append(state.path)
            return directories.count == 1
        }
        if first {
            atexit {
                for directory in runDirectories.withLock({ $0 }) {
                    let stop = Process()
                    stop.executableURL = GlewlwydProvider.supportDirectory.appendingPathComponent("stop.sh")
                    stop.environment = ["PEER2_RUN_DIR": directory, "PATH": "/usr/bin:/bin"]
                    try? ProcessLaunch.run(stop)
                    _ = stop.waitForExit(within: 30)
                }
            }
        }
        var values: [String: String] = [:]
        for line in try String(contentsOf: state.appendingPathComponent("env"), encoding: .utf8).split(separator: "\n")
        {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        guard let issuer = values["PEER2_ISSUER"], let nonce = values["PEER2_ISSUER_DPOP_NONCE"],
            let par = values["PEER2_ISSUER_PAR_REQUIRED"]
        else {
            throw DjangoProvider.Unavailable(description: "start.sh wrote no issuers: \(values)")
        }
        return Instance(
            issuer: issuer, nonceIssuer: nonce, parRequiredIssuer: par, python: python,
            browser: supportDirectory.appendingPathComponent("browser.py").path)
    }
}

extension GlewlwydProvider {
    /// Runs the headless browser on an authorization or end-session URL and returns the
    /// private-use redirect it would hand the app (as the OS would), never contacting it.
    public static func browse(_ url: URL, cookieJar: String? = nil) async throws -> URL {
        let provider = try instance()
        let run = try await ProcessRunner.runDetached(
            URL(fileURLWithPath: provider.python),
            [provider.browser] + (cookieJar.map { ["--cookie-jar", $0] } ?? []) + [url.absoluteString])
        let marker = "final redirect (private-use scheme, not contacted): "
        guard run.status == 0, let line = run.stderr.split(separator: "\n").first(where: { $0.contains(marker) }),
            let range = line.range(of: marker), let callback = URL(string: String(line[range.upperBound...]))
        else { throw DjangoProvider.Unavailable(description: "browser.py: exit \(run.status): \(run.stderr)") }
        return callback
    }

    /// Runs start.sh to its end. Its output is read to the end instead of waiting for the process:
    /// Foundation's `Process.waitUntilExit` on Linux never returns for this script (the daemons
    /// it leaves keep the socket by which Foundation sees it end: `Process.exitStatus`), while
    /// the pipes close when it ends.
    static func runStartScript(state: URL, python: String, anyLoopbackPort: Bool) throws {
        let process = Process()
        process.executableURL = supportDirectory.appendingPathComponent("start.sh")
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PEER2_RUN_DIR": state.path, "OAUTHGEN_PYTHON": python,
            "PEER2_LOOPBACK_ANY_PORT": anyLoopbackPort ? "1" : "0",
        ]) { _, new in new }
        let (output, errors) = try ProcessLaunch.serialized {
            let (output, errors) = (Pipe(), Pipe())
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            return (output, errors)
        }
        // start.sh bounds every wait (20 s to come up, 60 s to seed); stderr is small.
        let issuer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard issuer.hasPrefix("http://127.0.0.1:"),
            FileManager.default.fileExists(atPath: state.appendingPathComponent("env").path)
        else {
            throw DjangoProvider.Unavailable(description: "start.sh failed: \(log)")
        }
    }
}

/// The instances to stop when the test process exits.
private let runDirectories = Mutex<[String]>([])
