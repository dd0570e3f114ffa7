import Foundation

/// Runs one of oauthgen's executables for a command plugin: the tool prints its own findings, at
/// their files' lines; the plugin only passes on how it ended.
enum ToolProcess {
    /// Runs `tool` with `arguments` to its end; throws ``ToolFailure`` on a non-zero exit.
    static func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(
                tool: tool.lastPathComponent, command: arguments.first ?? "", status: process.terminationStatus)
        }
    }
}

/// A tool exited non-zero; it has said why.
struct ToolFailure: Error, CustomStringConvertible {
    var tool: String
    var command: String
    var status: Int32
    var description: String { "\(tool) \(command) exited with status \(status)" }
}
