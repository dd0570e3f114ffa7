import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard status.st_uid == geteuid() else {
            return "it belongs to user \(status.st_uid), not to this process's user \(geteuid())"
        }
        guard status.st_mode & 0o022 == 0 else {
            return "others can write it (mode \(String(status.st_mode & 0o777, radix: 8)))"
        }
        return nil
    }
}
