import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The file system calls of `FileTokenStore`: every read and write of an entry goes through these.
extension FileTokenStore {
    /// The file's bytes if it is a regular file of this user's that nobody else can read or
    /// write, and not larger than a sign-in is.
    static func ownFileContents(at path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0,
            status.st_mode & S_IFMT == S_IFREG,
            status.st_uid == geteuid(),
            status.st_mode & 0o077 == 0,
            status.st_size <= Self.maximumSize
        else { return nil }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while data.count <= Self.maximumSize {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Writes `data` to `path` as a new 0600 file renamed over the old one (its directory made
    /// owner-only when needed): readers see the old bytes or the new, never half of either, and
    /// nobody else ever reads them.
    static func writeOwnerOnly(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let temporary = "\(path).\(UUID().uuidString).tmp"
        // O_EXCL with 0600 from the start: the tokens are never readable by others, not even briefly.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Self.posixError() }
        var written = 0
        let result: Int = data.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return -1 }
                written += count
            }
            return fsync(descriptor) == 0 ? written : -1
        }
        close(descriptor)
        guard result == data.count, rename(temporary, path) == 0 else {
            let error = Self.posixError()
            unlink(temporary)
            throw error
        }
    }

    /// The failed call's `errno`, as the error the session reports as `storageFailed`'s cause.
    static func posixError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}

extension FileTokenStore {
    /// What marks a registration's file beside the store's: `<base>.registration-<key>`.
    static let registrationMarker = ".registration-"

    /// The names (accounts, registration keys) of the files `<base><marker><name>` beside a
    /// flat store's file, sorted, and whether the base file itself is there. A name made into a
    /// hash for its file is read from the file's `member`; one stored before names were
    /// case-safe is decoded as it was written (and moved at its first load).
    func flatNames(marker: String, member: String) -> (names: [String], hasBase: Bool) {
        let directory = (basePath as NSString).deletingLastPathComponent
        let base = (basePath as NSString).lastPathComponent
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        var names: Set<String> = []
        for file in files where file.hasPrefix(base + marker) {
            let component = String(file.dropFirst(base.count + marker.count))
            if let name = AccountFileName.account(fromComponent: component) {
                names.insert(name)
            } else if AccountFileName.isHashed(component) {
                let path = directory.isEmpty ? file : (directory as NSString).appendingPathComponent(file)
                if let data = Self.ownFileContents(at: path),
                    let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                    let name = object[member] as? String, AccountFileName.component(for: name) == component
                {
                    names.insert(name)
                }
            } else if let name = component.removingPercentEncoding,
                AccountFileName.legacyComponent(for: name) == component
            {
                names.insert(name)
            }
        }
        return (names.sorted(), files.contains(base))
    }
}
