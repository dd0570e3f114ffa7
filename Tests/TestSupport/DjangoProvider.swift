import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// django-oauth-toolkit on 127.0.0.1, started once per test run (DESIGN.md §7).
///
/// The Python side lives in `Tests/Support/django-provider`. Its virtual environment is
/// `.venv` at the package root (`.ci/run` creates it); if it is missing, it is created here.
/// The server is stopped by PID when the test process exits, and stops by itself if its parent
/// disappears first.
public enum DjangoProvider {
    public struct Instance: Sendable {
        public var issuer: String
        public var port: Int
        public var clientID: String
        public var noConsentClientID: String
        /// A public client whose grant is the device grant (RFC 8628).
        public var deviceClientID: String
        public var privateUseScheme: String
        public var python: String
        public var driver: String
        /// Its state: the SQLite database, the signing key.
        public var stateDirectory: String
        /// The login driver as an `oauthgen-login --browser-command`.
        public var browserCommand: String { "\(python) \(driver)" }
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    static let supportDirectory = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/django-provider")

    /// Started on first use; every later caller gets the same server.
    public static let shared: Result<Instance, Unavailable> = {
        do {
            return .success(try start())
        } catch let error as Unavailable {
            FileHandle.standardError.write(
                Data(
                    """

                    ************************************************************************
                      SKIPPING the tests against django-oauth-toolkit: \(error.description)
                      Run Scripts/test.sh (it installs them into .venv once) to run them.
                    ************************************************************************

                    """.utf8))
            return .failure(error)
        } catch {
            return .failure(Unavailable(description: "\(error)"))
        }
    }()

    /// Whether the provider could be started; tests that need it are disabled, loudly, otherwise.
    /// With OAUTHGEN_REQUIRE_PROVIDER=1 (as CI sets) they run and fail instead.
    public static var isAvailable: Bool {
        if case .success = shared { return true }
        if ProcessInfo.processInfo.environment["OAUTHGEN_REQUIRE_PROVIDER"] == "1" { return true }
        if case .failure(let error) = shared {
            SkippedPeers.note(
                peer: "django-oauth-toolkit and the Python mcp SDK",
                reason: "\(error.description) (Scripts/test.sh installs them)")
        }
        return false
    }

    /// ``isAvailable`` without holding one of Swift's cooperative threads while the provider
    /// starts (seconds; on 2 cores the pool has two threads, and the other tests need them).
    /// For suites' `.enabled { }` conditions: the tests inside then find it started.
    public static func isAvailableOffPool() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: isAvailable) }
        }
    }

    public static func instance() throws -> Instance {
        try shared.get()
    }

    private static func start() throws -> Instance {
        let python = try pythonWithToolkit()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-dot-\(getpid())")
        try? FileManager.default.removeItem(at: state)
        let script = supportDirectory.appendingPathComponent("provider.py").path
        let setup = try run(python, [script, "setup", state.path])
        guard setup.status == 0 else { throw Unavailable(description: "provider setup failed: \(setup.output)") }

        let server = Process()
        server.executableURL = URL(fileURLWithPath: python)
        server.arguments = [script, "serve", state.path]
        let output = try server.launchReadingOutput()
        providerPID = server.processIdentifier
        atexit { if providerPID > 0 { kill(providerPID, SIGTERM) } }

        let (announced, printed) = ProcessRunner.announcedPort(output)
        guard let port = announced else {
            throw Unavailable(
                description: printed.isEmpty
                    ? "the provider exited before reporting its port" : "unexpected provider output: \(printed)")
        }

        let clients =
            try JSONSerialization.jsonObject(with: Data(contentsOf: state.appendingPathComponent("clients.json")))
            as? [String: Any]
        let ids = clients?["clients"] as? [String: String] ?? [:]
        return Instance(
            issuer: "http://127.0.0.1:\(port)/o", port: port,
            clientID: ids["native"] ?? "", noConsentClientID: ids["native-no-consent"] ?? "",
            deviceClientID: ids["device"] ?? "",
            privateUseScheme: clients?["scheme"] as? String ?? "",
            python: python, driver: supportDirectory.appendingPathComponent("login_driver.py").path,
            stateDirectory: state.path)
    }

    /// `.venv/bin/python` with the toolkit installed. Installing is `Scripts/test.sh`'s job, done
    /// once: a test that installs packages is slow, needs the network, and changes the checkout.
    private static func pythonWithToolkit() throws -> String {
        let python = ProcessRunner.packageRoot.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Unavailable(description: "there is no .venv with django-oauth-toolkit")
        }
        let probe = try run(python, ["-c", "import oauth2_provider, jwcrypto, requests"])
        guard probe.status == 0 else {
            throw Unavailable(
                description:
                    ".venv lacks the packages of Tests/Support/django-provider/requirements.txt: \(probe.output)")
        }
        return python
    }

    /// ``run(_:_:)`` off Swift's cooperative pool, for async tests (see `ProcessRunner.runDetached`).
    public static func runDetached(
        _ executable: String, _ arguments: [String]
    ) async throws -> (status: Int32, output: String) {
        let run = try await ProcessRunner.runDetached(URL(fileURLWithPath: executable), arguments)
        return (run.status, run.stdout + run.stderr)
    }

    /// Runs a helper program; its output is stdout followed by stderr.
    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ProcessRunner.run(URL(fileURLWithPath: executable), arguments)
        return (run.status, run.stdout + run.stderr)
    }
}

/// Written once, while `DjangoProvider.shared` initializes (Swift runs that exactly once, before
/// any reader); read only by the `atexit` handler, after the tests. No concurrent access.
nonisolated(unsafe) private var providerPID: pid_t = 0
