import Foundation

/// Reads and decodes each provider's files.
public enum ProviderLoader {
    public static func load(_ input: ProviderInput) -> (LoadedProvider, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var provider = LoadedProvider(input: input)
        if let path = input.discoveryPath, let kind = input.discoveryKind, let bytes = readFile(path, diagnostics: &diagnostics) {
            let (document, found) = DiscoveryLoader.load(bytes, file: path, kind: kind)
            provider.discovery = document
            diagnostics += found
        }
        if let path = input.quirksPath, let bytes = readFile(path, diagnostics: &diagnostics) {
            let (quirks, found) = QuirkFileLoader.load(bytes, file: path)
            provider.quirks = quirks
            diagnostics += found
        }
        return (provider, diagnostics)
    }

    /// The file's bytes, refusing anything over `InputLimits.maximumFileSize` before reading it whole.
    public static func readFile(_ path: String, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        let location = SourceLocation(file: path, line: 1, column: 1)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            diagnostics.append(Diagnostic(.error, .inputUnreadable, "expected a readable file, found none that could be opened", at: location))
            return nil
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: InputLimits.maximumFileSize + 1) ?? Data()
            guard data.count <= InputLimits.maximumFileSize else {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? data.count
                diagnostics.append(Diagnostic(.error, .inputTooLarge,
                    "expected a file of at most \(InputLimits.maximumFileSize) bytes, found \(size) bytes", at: location))
                return nil
            }
            return [UInt8](data)
        } catch {
            diagnostics.append(Diagnostic(.error, .inputUnreadable, "expected a readable file, found a read error: \(error.localizedDescription)", at: location))
            return nil
        }
    }
}
