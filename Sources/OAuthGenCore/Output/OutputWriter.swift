import Foundation

/// Writes generated files atomically, leaving any file whose bytes would not change untouched
/// (so its modification time stays and nothing downstream rebuilds).
package enum OutputWriter {
    /// What a write did to each file.
    package struct Report: Sendable, Hashable {
        package var written: [String] = []
        package var unchanged: [String] = []
    }

    /// A file that could not be written.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): error: expected to write the file, found: \(reason)" }
    }

    package static func write(_ files: [GeneratedFile], to directory: String) throws(WriteError) -> Report {
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(
                path: directory, reason: "the directory could not be created (\(error.localizedDescription))")
        }
        var report = Report()
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if let existing = fileManager.contents(atPath: path), existing == data {
                report.unchanged.append(path)
                continue
            }
            // Data.write(options: .atomic) writes a temporary file beside the target and renames it
            // over the target, so a reader never sees half a file.
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw WriteError(path: path, reason: error.localizedDescription)
            }
            report.written.append(path)
        }
        return report
    }
}
