import Foundation

/// A browser command for tests that notes each time it is opened, then runs `command` with the
/// sign-in URL: how a test counts browser sign-ins across processes.
public struct CountingBrowser: Sendable {
    /// The command to pass as `--browser-command` (or split into a `browserCommand`).
    public let path: String
    let log: URL

    /// A script in `directory` that notes its opening and runs `command` with the URL.
    public init(in directory: URL, running command: [String]) throws {
        log = directory.appendingPathComponent("browsers.log")
        let script = directory.appendingPathComponent("browser.sh")
        let quoted = command.map { "'\($0)'" }.joined(separator: " ")
        try Data("#!/bin/sh\necho opened >> '\(log.path)'\nexec \(quoted) \"$@\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        path = script.path
    }

    /// How many times a browser was opened so far.
    public var openings: Int {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }
}
