import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A number every process sharing a stored sign-in sees, bumped by every write: eight bytes of a
/// small file, mapped into each process's memory. Reading it costs a memory load, not a system
/// call, so a session can ask at every `validAccessToken()` whether another process changed the
/// sign-in, and a valid token still costs what it did.
///
/// `@unchecked Sendable`: the only state is the mapping's address, fixed at init and unmapped in
/// `deinit`; reads and writes of the 8-byte aligned word are single loads and stores, and writes
/// happen under the store's cross-process lock, so no two writers interleave.
final class StoreVersionCounter: @unchecked Sendable {
    private let word: UnsafeMutablePointer<UInt64>

    /// The counter in the file at `path`, created owner-only (and zero) when missing; `nil` when
    /// the file cannot be made or mapped (the session then reads the store's revision from `stat`).
    init?(path: String) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        if status.st_size < 8, ftruncate(descriptor, 8) != 0 { return nil }
        guard let mapping = mmap(nil, 8, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED else { return nil }
        word = mapping.assumingMemoryBound(to: UInt64.self)
    }

    deinit {
        munmap(word, 8)
    }

    /// The current value.
    var value: UInt64 { word.pointee }

    /// Records a write; call it holding the store's lock.
    func bump() {
        word.pointee &+= 1
    }
}
