import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A family's sign-ins in a folder its apps share (0700), one 0600 file per issuer, named as a
/// ``FileTokenStore``'s entries are: the family's processes on a desktop or a server, run as one
/// user. A file that another user owns or others can read is refused, never read.
public struct FamilySignInFolder: FamilySignInStore {
    /// The folder.
    public let path: String

    /// The family's sign-ins in the folder at `path`, made at the first save.
    public init(path: String) {
        self.path = path
    }

    /// The file of the sign-in at `issuer`.
    public func filePath(issuer: String) -> String {
        (path as NSString).appendingPathComponent(StoreDirectory.fileName(for: "family at " + issuer))
    }

    /// The sign-in at `issuer`; `nil` when no app kept one.
    public func load(issuer: String) async throws -> FamilySignIn? {
        let file = filePath(issuer: issuer)
        var status = stat()
        guard lstat(file, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        let data = try OwnerOnlyFile.data(at: file, holding: "family sign-in")
        let signIn: FamilySignIn
        do {
            signIn = try Self.decoder.decode(FamilySignIn.self, from: data)
        } catch {
            throw OAuthError.invalidConfiguration(
                "expected the family sign-in file \(file) to hold a family sign-in, found other JSON or none")
        }
        guard signIn.issuer == issuer else {
            throw OAuthError.invalidConfiguration(
                "expected the family sign-in file \(file) to be for \(issuer), found one for \(signIn.issuer)")
        }
        return signIn
    }

    /// Writes the sign-in as a new file renamed over the old one: a sibling reading it at the same
    /// moment sees the old sign-in or the new, never half of either.
    public func save(_ signIn: FamilySignIn) async throws {
        try FileTokenStore.writeOwnerOnly(try Self.encoder.encode(signIn), to: filePath(issuer: signIn.issuer))
    }

    /// Removes the sign-in at `issuer`, if there is one.
    public func remove(issuer: String) async throws {
        if unlink(filePath(issuer: issuer)) != 0, errno != ENOENT {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
