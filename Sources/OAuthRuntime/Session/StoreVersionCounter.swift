import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A number every process sharing a stored sign-in sees, bumped by every write: eight bytes of a
/// small file beside the store, so a session can ask at every `validAccessToken()` whether
/// another process changed the sign-in.
///
/// Read with `pread`, not through a memory mapping: a mapped file that another process (or a
/// sync tool) shortens kills every process reading it with SIGBUS; a short read here is only
/// "no count", and the store falls back to its own revision.
///
/// `@unchecked Sendable`: the only state is a descriptor fixed at init and closed in `deinit`;
/// `pread` and `pwrite` at offset 0 are safe from any thread, and writes happen under the
/// store's cross-process lock, so no two writers interleave.
final class StoreVersionCounter: @unchecked Sendable {
    private let descriptor: Int32

    /// The counter in the file at `path`, created owner-only (and zero) when missing; `nil` when
    /// the file cannot be opened, or is not a file of this user's that only this user can write
    /// (``CoordinationFileCheck``): another user's file could say anything.
    init?(path: String) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        guard CoordinationFileCheck.problem(descriptor) == nil else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The current value; `nil` when the file holds fewer than eight bytes (new, or shortened).
    var value: UInt64? {
        var word: UInt64 = 0
        let count = withUnsafeMutableBytes(of: &word) { pread(descriptor, $0.baseAddress, 8, 0) }
        return count == 8 ? word : nil
    }

    /// Records a write; call it holding the store's lock.
    func bump() {
        var word = (value ?? 0) &+ 1
        _ = withUnsafeBytes(of: &word) { pwrite(descriptor, $0.baseAddress, 8, 0) }
    }
}

/// What a lock or version file beside a store must be before a session trusts it: a regular
/// file (not a device, a FIFO or a directory), owned by this user, that nobody else can write.
/// Such files live in shared places (an app group's container, a home folder a sync tool
/// manages), where another user may have made them first.
enum CoordinationFileCheck {
    /// Why the open file `descriptor` is not to be trusted; `nil` when it is.
    static func problem(_ descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return "it cannot be examined (errno \(errno))" }
        guard status.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard status.st_uid == geteuid() else { return "it belongs to user \(status.st_uid), not to this process's user \(geteuid())" }
        guard status.st_mode & 0o022 == 0 else { return "others can write it (mode \(String(status.st_mode & 0o777, radix: 8)))" }
        return nil
    }
}
