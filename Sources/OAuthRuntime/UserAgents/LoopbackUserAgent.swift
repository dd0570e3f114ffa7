import Foundation
internal import OAuthLocking

// Desktop platforms only: it starts the browser as a process, which iOS, tvOS, watchOS and
// visionOS have no API for (and their apps could not receive a loopback redirect from another app
// reliably anyway: a suspended app stops listening). There, the declaration below stands in, so a
// use is a compile error that names the agent to use instead.
#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))

/// The system browser with a loopback redirect (RFC 8252 §7.3): for desktop and command-line
/// apps on Linux, macOS and Windows.
///
/// It listens on the registered loopback redirect URI's host and path, on a port the kernel
/// picks for this one sign-in, and closes the listener when the response arrives, on time-out,
/// or when the task awaiting the sign-in is cancelled.
public struct LoopbackUserAgent: ExternalUserAgent {
    /// The program that opens the URL, as an argument vector; the URL is appended as one more
    /// argument. Defaults to `open` on macOS and `xdg-open` elsewhere.
    public let browserCommand: [String]
    /// How long to wait for the response.
    public let timeout: TimeInterval

    /// - Parameters:
    ///   - browserCommand: the program that opens the URL; `nil` for the system's.
    ///   - timeout: how long the user has to sign in.
    public init(browserCommand: [String]? = nil, timeout: TimeInterval = 300) {
        #if os(macOS)
        let defaultCommand = ["/usr/bin/open"]
        #else
        let defaultCommand = ["xdg-open"]
        #endif
        self.browserCommand = browserCommand ?? defaultCommand
        self.timeout = timeout
    }

    /// An agent whose browser command is a command line, split as a POSIX shell splits a simple
    /// command (blanks, quotes, backslashes; nothing expanded): what a `--browser-command`
    /// option takes. `nil` for the system's browser.
    ///
    /// - Throws: ``OAuthError/Kind/invalidConfiguration`` for a line with an unterminated quote
    ///   or no words.
    public init(browserCommandLine: String?, timeout: TimeInterval = 300) throws(OAuthError) {
        guard let browserCommandLine else {
            self.init(timeout: timeout)
            return
        }
        let words: [String]
        do {
            words = try ShellWords.split(browserCommandLine)
        } catch {
            throw OAuthError(.invalidConfiguration, "expected a browser command line, found \(error.description)")
        }
        guard !words.isEmpty else {
            throw OAuthError(.invalidConfiguration, "expected a browser command line, found an empty one")
        }
        self.init(browserCommand: words, timeout: timeout)
    }

    /// Only loopback redirects.
    public func accepts(_ kind: RedirectURIKind) -> Bool { kind == .loopback }

    /// Opens a page in the browser without listening for a response: a device grant's
    /// verification URI (RFC 8628 §3.3), on a machine that has a browser after all.
    public func open(_ url: URL) throws(OAuthError) {
        _ = try BrowserLauncher.open(url, command: browserCommand)
    }

    /// Binds the listener on the redirect URI's path, names the bound port in the request,
    /// opens the browser and waits.
    public func authorize(
        on redirectURI: RegisteredRedirectURI,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> URL {
        guard redirectURI.kind == .loopback,
            var components = URLComponents(url: redirectURI.url, resolvingAgainstBaseURL: false)
        else {
            throw OAuthError.invalidRequest("expected a loopback redirect URI, found \(redirectURI.url.absoluteString)")
        }
        if Task.isCancelled { throw OAuthError.taskCancelled }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        // The listener's sockets close when it goes out of scope, whichever way this returns.
        let listener = try LoopbackListener(path: path)
        // The registered URI with the bound port (RFC 8252 §7.3: any port is allowed at request time).
        components.port = Int(listener.port)
        guard let redirect = components.url else {
            throw OAuthError.invalidRequest("expected a loopback redirect URI, found \(redirectURI.url.absoluteString)")
        }
        let (url, state) = try await makeRequest(redirect)
        if Task.isCancelled { throw OAuthError.taskCancelled }
        let browser = try BrowserLauncher.open(url, command: browserCommand)
        return try await listener.waitForCallback(state: state, timeout: timeout, abandon: browser.failure)
    }
}

/// Starts a browser (or any command) on a URL.
enum BrowserLauncher {
    /// How the launched command ended. A system browser launcher exits 0 at once while the page
    /// stays open, so only a failure says anything: the sign-in cannot complete.
    struct Outcome: Sendable {
        private let status = LockedBox<Int32?>(nil)
        private let program: String

        init(program: String) { self.program = program }

        func finished(with status: Int32) { self.status.value = status }

        @Sendable func failure() -> OAuthError? {
            guard let status = status.value, status != 0 else { return nil }
            // 127 and 126: `env` found no such program, or could not run it (POSIX shells' codes).
            let why = status == 127 ? " (no such program here)" : status == 126 ? " (not executable)" : ""
            return OAuthError.browserFailed(
                "the browser command \(program) exited with status \(status)\(why) before the sign-in completed")
        }
    }

    static func open(_ url: URL, command: [String]) throws(OAuthError) -> Outcome {
        guard let program = command.first else {
            throw OAuthError.invalidConfiguration("expected a browser command, found an empty one")
        }
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
        process.environment = BrowserEnvironment.scrubbed(ProcessInfo.processInfo.environment)
        let outcome = Outcome(program: program)
        process.terminationHandler = { outcome.finished(with: $0.terminationStatus) }
        do {
            // One launch at a time: a child started beside another could keep the socket by
            // which Foundation sees this one end, and its failure would go unnoticed.
            try ProcessLaunch.run(process)
        } catch {
            throw OAuthError.browserFailed(
                "could not start the browser command \(program): \(error.localizedDescription)", underlying: error)
        }
        return outcome
    }
}

#else

/// Not on this platform: iOS, tvOS, watchOS and visionOS apps cannot start the system browser as
/// a process, and RFC 8252 §7.3 loopback redirects are for desktop apps. Use
/// ``WebAuthenticationSessionUserAgent`` (UIKit) or ``SwiftUIWebAuthenticationUserAgent`` with a
/// private-use scheme or claimed https redirect URI.
@available(
    *, unavailable,
    message:
        "loopback sign-in (RFC 8252 §7.3) is for desktop apps: on iOS use WebAuthenticationSessionUserAgent or SwiftUIWebAuthenticationUserAgent"
)
public struct LoopbackUserAgent {
    /// Unavailable, as the type is.
    public init(browserCommand: [String]? = nil, timeout: TimeInterval = 300) {}
    /// Unavailable, as the type is.
    public init(browserCommandLine: String?, timeout: TimeInterval = 300) throws(OAuthError) {}
}
#endif
