import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and decodes each provider's files.
package enum ProviderLoader {
    package static func load(_ input: ProviderInput) -> (LoadedProvider, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var provider = LoadedProvider(input: input)
        if let path = input.discoveryPath, let kind = input.discoveryKind,
            let bytes = readFile(path, diagnostics: &diagnostics)
        {
            let (document, found) = DiscoveryLoader.load(bytes, file: path, kind: kind)
            provider.discovery = document
            diagnostics += found
        }
        if let path = input.quirksPath, let bytes = readFile(path, diagnostics: &diagnostics) {
            let (quirks, found) = QuirkFileLoader.load(bytes, file: path)
            provider.quirks = quirks
            diagnostics += found
        }
        if let path = input.clientMetadataPath, let bytes = readFile(path, diagnostics: &diagnostics) {
            let read = JSONReader.read(bytes, file: path)
            provider.clientMetadata = read.value
            diagnostics += read.diagnostics
        }
        if let path = input.resourcePath, let bytes = readFile(path, diagnostics: &diagnostics) {
            let (resource, found) = ProtectedResourceLoader.load(bytes, file: path)
            provider.protectedResource = resource
            diagnostics += found
        }
        return (provider, diagnostics)
    }

    /// The file's bytes, refusing anything that is not a regular file (a FIFO would block the
    /// build forever, a device would never end) and anything over `InputLimits.maximumFileSize`
    /// before reading it whole.
    package static func readFile(_ path: String, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        let location = SourceLocation(file: path, line: 1, column: 1)
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            diagnostics.append(
                Diagnostic(
                    .error, .inputUnreadable,
                    "expected a readable file, found none that could be opened (\(String(cString: strerror(errno))))",
                    at: location))
            return nil
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            diagnostics.append(
                Diagnostic(
                    .error, .inputUnreadable, "expected a readable file, found one whose status cannot be read",
                    at: location))
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            diagnostics.append(
                Diagnostic(
                    .error, .inputUnreadable, "expected a regular file, found \(Self.kind(of: status.st_mode))",
                    at: location))
            return nil
        }
        guard status.st_size <= InputLimits.maximumFileSize else {
            diagnostics.append(
                Diagnostic(
                    .error, .inputTooLarge,
                    "expected a file of at most \(InputLimits.maximumFileSize) bytes, found \(status.st_size) bytes",
                    at: location))
            return nil
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= InputLimits.maximumFileSize {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                diagnostics.append(
                    Diagnostic(
                        .error, .inputUnreadable,
                        "expected a readable file, found a read error: \(String(cString: strerror(errno)))",
                        at: location))
                return nil
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        // The file grew while it was read.
        guard bytes.count <= InputLimits.maximumFileSize else {
            diagnostics.append(
                Diagnostic(
                    .error, .inputTooLarge,
                    "expected a file of at most \(InputLimits.maximumFileSize) bytes, found more", at: location))
            return nil
        }
        return bytes
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
