import Foundation

/// A file only its owner may read or write, as `ssh` requires of its keys: a client key or a
/// client secret kept on disk. One check for every credential file the runtime, its tools and an
/// app's own command-line agents read (`--client-secret-file`: argv is every local user's to read).
public enum OwnerOnlyFile {
    /// The file's bytes; refused when its mode lets anyone but its owner read or write it (a
    /// credential others can read is not the client's alone).
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - what: what it holds, for the error (`client key`, `client secret`).
    public static func data(at path: String, holding what: String) throws(OAuthError) -> Data {
        let attributes: [FileAttributeKey: Any]
        let data: Data
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OAuthError(
                .invalidConfiguration, "expected a readable \(what) file at \(path), found an error",
                underlyingError: error)
        }
        if let permissions = attributes[.posixPermissions] as? Int, permissions & 0o077 != 0 {
            throw OAuthError.invalidConfiguration(
                "expected the \(what) file \(path) to be readable by its owner only (chmod 600), found mode \(String(permissions & 0o777, radix: 8))"
            )
        }
        return data
    }

    /// A secret kept in such a file: its UTF-8 text without the line endings an editor or `echo`
    /// leaves at its end (LF, or CRLF, which Swift reads as one `Character`).
    public static func secret(at path: String, holding what: String) throws(OAuthError) -> String {
        let data = try Self.data(at: path, holding: what)
        guard let text = String(data: data, encoding: .utf8) else {
            throw OAuthError.invalidConfiguration(
                "expected the \(what) file \(path) to hold UTF-8 text, found other bytes")
        }
        var secret = text
        while secret.last?.isNewline == true { secret.removeLast() }
        guard !secret.isEmpty else {
            throw OAuthError.invalidConfiguration("expected a \(what) in \(path), found the file empty")
        }
        return secret
    }
}
