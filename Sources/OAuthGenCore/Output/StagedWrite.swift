import Foundation

/// Provider files checked where they will be, before they are: what `init` and `import` do so
/// that a file failing validation is never left behind, and a team's hand-tuned file is never
/// replaced unasked.
package enum StagedWrite {
    /// Refusals for the files of `files` that exist in `output` with other contents: replacing
    /// one takes `--force`. A file whose bytes would not change is no replacement.
    package static func refusals(replacing files: [GeneratedFile], in output: String) -> [Diagnostic] {
        files.compactMap { file in
            let path = (output as NSString).appendingPathComponent(file.name)
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            if let existing = FileManager.default.contents(atPath: path), existing == Data(file.contents.utf8) {
                return nil
            }
            return Diagnostic(
                .error, .inputDuplicate,
                "expected no \(file.name) in \(output), found one with other contents; pass --force to replace it",
                at: SourceLocation(file: path, line: 1, column: 1))
        }
    }

    /// The findings `files` would have in `output`, validated with the provider files already
    /// there (the mix-up rules look across providers) and located at the paths they will have.
    /// Writes to a staging folder only, removed afterwards.
    package static func findings(
        for files: [GeneratedFile], in output: String,
        configuration: GeneratorConfiguration = GeneratorConfiguration()
    ) throws(OutputWriter.WriteError) -> [Diagnostic] {
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-staged-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let names = Set(files.map(\.name))
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [])
            .filter { !names.contains($0) && InputFileKind.classify(fileName: $0) != nil }
            .sorted()
            .map { (output as NSString).appendingPathComponent($0) }
        _ = try OutputWriter.write(files, to: staging)
        let (_, findings) = Generator.validate(paths: [staging] + others, configuration: configuration)
        return findings.map { finding in
            guard var location = finding.location, location.file.hasPrefix(staging + "/") else { return finding }
            location.file = (output as NSString).appendingPathComponent(
                String(location.file.dropFirst(staging.count + 1)))
            var moved = finding
            moved.location = location
            return moved
        }
    }

    /// Whether a finding is an error in one of `files` once in `output`: another provider's
    /// problem is printed, but it is not the command's to fix.
    package static func hasErrors(_ findings: [Diagnostic], in files: [GeneratedFile], at output: String) -> Bool {
        let paths = Set(files.map { (output as NSString).appendingPathComponent($0.name) })
        return findings.contains { $0.severity == .error && paths.contains($0.location?.file ?? "") }
    }
}
