import Foundation
import OAuthLocking

extension Process {
    /// Starts the program with its standard output to a new pipe, returned, and its standard
    /// error to this process's: one launch at a time (`ProcessLaunch`), the pipe made inside it,
    /// so no other child started meanwhile holds the pipe open.
    public func launchReadingOutput() throws -> Pipe {
        try ProcessLaunch.serialized {
            let output = Pipe()
            standardOutput = output
            standardError = FileHandle.standardError
            try run()
            return output
        }
    }
}
