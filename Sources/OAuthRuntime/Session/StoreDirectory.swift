import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// The layout of a ``FileTokenStore`` made with ``FileTokenStore/init(directory:)``: one folder
/// (0700) holding `sign-ins/` and `registrations/`, one 0600 file per entry, named so a person can
/// tell which server it is for, and carrying its full name inside (issue 45, item 10: a store path
/// used as a prefix scattered 72 percent-encoded files beside it in an afternoon).
package enum StoreDirectory {
    /// The folder of sign-ins.
    static let signIns = "sign-ins"
    /// The folder of registrations.
    package static let registrations = "registrations"

    /// A file name for the entry `name`: its words made safe and short (a scheme, a separator, a
    /// dot at the start: none survive), then 8 hex digits of its SHA-256, so two names never
    /// share a file. `resource https://mcp.example.com/mcp at https://auth.example.com as agent`
    /// is `resource-mcp.example.com-mcp-at-auth.example.com-as-agent-3f9c1a2b.json`.
    static func fileName(for name: String) -> String {
        var words = name.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
            .lowercased()
        words = String(
            words.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "0"..."9", ".", "_": Character(scalar)
                default: "-"
                }
            })
        let slug = words.split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
            .drop { $0 == "." }.prefix(80)
        let digest = SHA256.hash(data: Data(name.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined()
        return (slug.isEmpty ? "" : slug + "-") + digest + ".json"
    }

    /// The file of sign-in `account` in `directory`.
    static func signInPath(_ directory: String, account: String) -> String {
        (directory as NSString).appendingPathComponent(signIns + "/" + fileName(for: account))
    }

    /// The file of registration `key` in `directory`.
    static func registrationPath(_ directory: String, key: String) -> String {
        (directory as NSString).appendingPathComponent(registrations + "/" + fileName(for: key))
    }

    /// The names kept in the entry files of one folder: each file's `member` (`account`, `key`),
    /// where the file is this user's alone and its name is the one that name makes.
    static func names(in folder: String, member: String, read: (String) -> Data?) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".json") }.compactMap { file -> String? in
            guard let data = read((folder as NSString).appendingPathComponent(file)),
                let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let name = object[member] as? String, fileName(for: name) == file
            else { return nil }
            return name
        }.sorted()
    }

    /// `data` (a JSON object) with `name` under `member`, for ``names(in:member:read:)``.
    static func tagged(_ data: Data, member: String, name: String) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        object[member] = name
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
