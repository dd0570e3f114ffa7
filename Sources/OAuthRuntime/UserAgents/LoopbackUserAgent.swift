import Foundation

/// The system browser with a loopback redirect (RFC 8252 §7.3): for desktop and command-line
/// apps on Linux and macOS.
public actor LoopbackUserAgent: ExternalUserAgent {
    /// The program that opens the URL, as an argument vector; the URL is appended as one more
    /// argument. Defaults to `open` on macOS and `xdg-open` elsewhere.
    public let browserCommand: [String]
    public let path: String
    public let timeout: TimeInterval
    public let useIPv6: Bool
    private var listener: LoopbackListener?

    public init(browserCommand: [String]? = nil, path: String = "/callback", timeout: TimeInterval = 300, useIPv6: Bool = false) {
        #if os(macOS)
        let defaultCommand = ["/usr/bin/open"]
        #else
        let defaultCommand = ["xdg-open"]
        #endif
        self.browserCommand = browserCommand ?? defaultCommand
        self.path = path
        self.timeout = timeout
        self.useIPv6 = useIPv6
    }

    public func prepareRedirectURI() async throws(OAuthError) -> URL {
        let listener = try LoopbackListener(path: path)
        self.listener = listener
        return listener.redirectURI(ipv6: useIPv6)
    }

    public func present(_ url: URL, state: String) async throws(OAuthError) -> URL {
        guard let listener else { throw OAuthError.invalidRequest("expected prepareRedirectURI() before present(_:state:), found no listener") }
        // The listener closes as soon as it has the response, or on time-out.
        defer { self.listener = nil }
        let browser = try BrowserLauncher.open(url, command: browserCommand)
        return try await listener.waitForCallback(state: state, timeout: timeout, abandon: browser.failure)
    }
}

/// Starts a browser (or any command) on a URL.
enum BrowserLauncher {
    /// How the launched command ended. A system browser launcher exits 0 at once while the page
    /// stays open, so only a failure says anything: the sign-in cannot complete.
    final class Outcome: @unchecked Sendable {
        // @unchecked: `status` is only read and written under `lock`.
        private let lock = NSLock()
        private var status: Int32?
        private let program: String

        init(program: String) { self.program = program }

        func finished(with status: Int32) { lock.withLock { self.status = status } }

        @Sendable func failure() -> OAuthError? {
            guard let status = lock.withLock({ self.status }), status != 0 else { return nil }
            return OAuthError.transport("the browser command \(program) exited with status \(status) before the sign-in completed")
        }
    }

    static func open(_ url: URL, command: [String]) throws(OAuthError) -> Outcome {
        guard let program = command.first else { throw OAuthError.invalidRequest("expected a browser command, found an empty one") }
        let process = Process()
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(command.dropFirst()) + [url.absoluteString]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command + [url.absoluteString]
        }
        // The browser's output is not ours to print: it can hold the callback URL with the code,
        // and it would land in front of a tool's machine-readable output.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let outcome = Outcome(program: program)
        process.terminationHandler = { outcome.finished(with: $0.terminationStatus) }
        do {
            try process.run()
        } catch {
            throw OAuthError.transport("could not start the browser command \(program): \(error.localizedDescription)")
        }
        return outcome
    }
}
