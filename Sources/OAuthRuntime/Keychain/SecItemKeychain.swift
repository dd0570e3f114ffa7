#if canImport(Security)
import Foundation
import Security

/// The real `SecItem` calls for one generic-password service: the thin part, type-checked
/// against the SDKs; every decision about their answers is ``KeychainItemStore``'s.
struct SecItemKeychain: KeychainItems {
    let service: String
    let accessGroup: String?
    let accessibility: KeychainTokenStore.Accessibility
    let accessControl: SecAccessControlCreateFlags?
    let dataProtectionKeychain: Bool

    /// The attributes every query names: class, service, access group, which keychain.
    private func query(account: String?) -> [String: Any] {
        var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
        if let account { query[kSecAttrAccount as String] = account }
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        if dataProtectionKeychain { query[kSecUseDataProtectionKeychain as String] = true }
        return query
    }

    /// The data and how it is protected, for add and update.
    private func protection(_ data: Data) -> [String: Any] {
        var attributes: [String: Any] = [kSecValueData as String: data]
        if let accessControl,
            let access = SecAccessControlCreateWithFlags(nil, accessibility.secValue, accessControl, nil)
        {
            attributes[kSecAttrAccessControl as String] = access
        } else {
            attributes[kSecAttrAccessible as String] = accessibility.secValue
        }
        return attributes
    }

    func read(account: String) -> (status: Int32, data: Data?) {
        var lookup = query(account: account)
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(lookup as CFDictionary, &result)
        return (status, result as? Data)
    }

    func add(account: String, data: Data) -> Int32 {
        SecItemAdd(query(account: account).merging(protection(data)) { $1 } as CFDictionary, nil)
    }

    func update(account: String, data: Data) -> Int32 {
        SecItemUpdate(query(account: account) as CFDictionary, protection(data) as CFDictionary)
    }

    func delete(account: String) -> Int32 {
        SecItemDelete(query(account: account) as CFDictionary)
    }

    func accounts() -> (status: Int32, accounts: [String]) {
        var lookup = query(account: nil)
        lookup[kSecReturnAttributes as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitAll
        var result: CFTypeRef?
        let status = SecItemCopyMatching(lookup as CFDictionary, &result)
        let items = result as? [[String: Any]] ?? []
        return (status, items.compactMap { $0[kSecAttrAccount as String] as? String })
    }
}

extension KeychainTokenStore.Accessibility {
    /// Security's `kSecAttrAccessible…` constant.
    var secValue: CFString {
        switch self {
        case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
        case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
        case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        case .whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
        }
    }
}
#endif
