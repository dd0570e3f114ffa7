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
