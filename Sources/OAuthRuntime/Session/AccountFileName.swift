import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// How an account name becomes part of a file name — a ``FileTokenStore`` account's sign-in, a
/// `KeychainTokenStore` account's coordination file — one rule for both stores.
///
/// An account name is whatever the app passes (an email, a user's display name, a server's
/// `sub`): it may hold `/` and `..`, be as long as it likes, and differ from another only in case.
/// So the name is never used as it is:
/// - lowercase ASCII letters, digits, `-` and `_` stay; everything else, *uppercase letters
///   included*, is percent-encoded with uppercase hex. No separator or dot survives, and two names
///   that differ only in case never meet in one file on a case-insensitive volume (APFS and HFS+
///   by default): `Work` is `%57ork`, `work` is `work`.
/// - a component longer than ``longestComponent`` bytes is cut and the name's SHA-256 appended
///   after a `~` (which encoding never produces): 250 characters, or 50 `é`, made a name past the
///   file system's 255 bytes, and the store failed after a completed browser sign-in.
package enum AccountFileName {
    /// What separates a store's base name from an account's component.
    static let marker = ".account-"
    /// The longest component kept whole, in bytes: far below 255, with room for the base name.
    static let longestComponent = 96

    private static let kept = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-_")

    /// The file name component for `account`.
    package static func component(for account: String) -> String {
        let encoded = account.addingPercentEncoding(withAllowedCharacters: kept) ?? "_"
        guard encoded.utf8.count > longestComponent else { return encoded }
        // Cut on a whole escape, so the prefix stays readable.
        var prefix = Substring(encoded.prefix(48))
        if let percent = prefix.suffix(2).firstIndex(of: "%") { prefix = prefix[..<percent] }
        let digest = SHA256.hash(data: Data(account.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
        return "\(prefix)~\(digest)"
    }

    /// The account a component names; `nil` for a hashed one (its name is not in the file name)
    /// or a component this rule never makes.
    package static func account(fromComponent component: String) -> String? {
        // The round trip refuses what the rule never makes: a dot, a `~` (hashed), a lowercase escape.
        guard !component.isEmpty, let account = component.removingPercentEncoding,
            Self.component(for: account) == component
        else { return nil }
        return account
    }

    /// The file for `account` beside `file`: `<file>.account-<component>` (a Keychain store's
    /// coordination file for another account).
    static func sibling(of file: URL, for account: String) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(
            file.lastPathComponent + marker + component(for: account))
    }

    /// Whether `component` is a hashed one.
    static func isHashed(_ component: String) -> Bool {
        component.contains("~")
    }

    /// The component ``FileTokenStore`` used before this rule (uppercase letters kept), where a
    /// sign-in stored then is found and moved.
    static func legacyComponent(for account: String) -> String {
        account.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")) ?? "_"
    }
}
