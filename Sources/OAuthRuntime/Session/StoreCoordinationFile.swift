import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file beside a store that is not itself a file — the Keychain — through which the
/// processes sharing it coordinate: its lock serializes refreshes, and every write changes it,
/// so its `stat` tells a session that another process changed the sign-in. For an app and its
/// extensions it lives in the app group's container, which all of them can open.
struct StoreCoordinationFile: Sendable, Hashable {
    let path: String

    func lock() async throws -> TokenStoreLock {
        try await TokenStoreLock.file(at: path)
    }

    /// Identity, size and modification time; `absent` before any write.
    func revision() -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { return "absent" }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(modified.tv_sec).\(modified.tv_nsec)"
    }

    /// Records that the sign-in changed: new contents, so the modification time and the bytes
    /// change even within one clock tick's resolution.
    func markChanged() {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let marker = Array(UUID().uuidString.utf8)
        _ = marker.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
