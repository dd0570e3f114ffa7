import ArgumentParser
import Foundation
import OAuthRuntime

extension OAuthGenLogin {
    /// The run, bounded by `--timeout`; any failure is one line on standard error and exit 1.
    func run() async throws {
        let command: OAuthGenLogin
        do throws(OAuthError) {
            command = try withSecretsResolved()
        } catch {
            Self.fail(error)
        }
        let work = Task { () async -> OAuthError? in
            do throws(OAuthError) {
                if command.storeOptions.list || command.storeOptions.forget != nil {
                    try await command.manageStore()
                } else if command.resourceOptions.resource != nil {
                    try await command.resourceSignIn()
                } else {
                    try await command.signIn()
                }
                return nil
            } catch {
                return error
            }
        }
        // --timeout bounds the whole run, not only the browser: a server that never answers, or
        // answers forever, cannot hold the terminal (or an agent's tool call) past it.
        let deadline = Task {
            try await Task.sleep(for: .seconds(command.timeout))
            work.cancel()
            // Every wait honours cancellation; should one not, the run still ends.
            try await Task.sleep(for: .seconds(2))
            Self.fail(
                OAuthError(
                    .timedOut,
                    "expected the run to finish within \(Int(command.timeout)) s (--timeout), found it still waiting"))
        }
        let failure = await work.value
        deadline.cancel()
        guard var failure else { return }
        if failure.kind == .cancelled, work.isCancelled {
            failure = OAuthError(
                .timedOut,
                "expected the run to finish within \(Int(command.timeout)) s (--timeout), found it still waiting")
        }
        Self.fail(failure)
    }

    /// One line on standard error, exit status 1. The description escapes what the provider or
    /// a local process sent (OAuthError.description).
    static func fail(_ error: OAuthError) -> Never {
        // A machine without a browser (a server, a container) is the usual cause: say what to do.
        let hint =
            error.kind == .browserFailed ? "; pass --browser-command CMD to open the sign-in URL another way" : ""
        FileHandle.standardError.write(Data("error: \(error.description)\(hint)\n".utf8))
        Self.exit(withError: ExitCode.failure)
    }
}
