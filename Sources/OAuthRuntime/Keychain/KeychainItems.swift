import Foundation

/// The `SecItem` calls a Keychain token store makes, for one service and access group, each
/// answering the raw `OSStatus`. A seam so the decisions in ``KeychainItemStore`` — which status
/// means signed out, not now, or broken — are tested on every platform; on Apple platforms
/// `SecItemKeychain` makes the real calls.
protocol KeychainItems: Sendable {
    /// `SecItemCopyMatching` for one account's data.
    func read(account: String) -> (status: Int32, data: Data?)
    /// `SecItemAdd` of one account's item, with the store's protection attributes.
    func add(account: String, data: Data) -> Int32
    /// `SecItemUpdate` of one account's data (and protection attributes).
    func update(account: String, data: Data) -> Int32
    /// `SecItemDelete` of one account's item.
    func delete(account: String) -> Int32
    /// `SecItemCopyMatching` of every account's name under the service.
    func accounts() -> (status: Int32, accounts: [String])
}
