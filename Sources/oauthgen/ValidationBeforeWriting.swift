import ArgumentParser
import OAuthGenCLI
import OAuthGenCore

/// What `init` and `import` do before writing anything: refuse to replace a file that exists with
/// other contents unless forced, then validate the files where they will be.
enum ValidationBeforeWriting {
    /// The findings `files` would have in `output`; exits with a failure (having printed why)
    /// if one would replace a different file without `force`, or staging fails.
    static func findings(for files: [GeneratedFile], in output: String, force: Bool) throws -> [Diagnostic] {
        if !force {
            let refusals = StagedWrite.refusals(replacing: files, in: output)
            DiagnosticPrinter.printText(refusals)
            guard refusals.isEmpty else { throw ExitCode.failure }
        }
        do {
            return try StagedWrite.findings(for: files, in: output)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode.failure
        }
    }

    /// Prints `results`, then writes `files` atomically unless one of them has an error, and says
    /// what it wrote; `joiner` lists the names (" and " for two, ", " for more).
    static func write(_ files: [GeneratedFile], to output: String, results: [Diagnostic], joiner: String) throws {
        DiagnosticPrinter.printText(results.sortedByLocation())
        guard !StagedWrite.hasErrors(results, in: files, at: output) else { throw ExitCode.failure }
        do {
            _ = try OutputWriter.write(files, to: output)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode.failure
        }
        StandardError.write("wrote \(files.map(\.name).joined(separator: joiner)) to \(output)\n")
    }
}
