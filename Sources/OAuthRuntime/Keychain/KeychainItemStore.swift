import Foundation

/// A sign-in kept as one Keychain item: the decisions of ``KeychainTokenStore``, over any
/// ``KeychainItems``.
///
/// - `errSecItemNotFound` is "no sign-in"; so is an item that does not decode (it will not decode
///   later either), unless it is a sign-in of a newer format (`StoredSignInFormatError`: kept).
/// - `errSecInteractionNotAllowed` (before first unlock), a cancelled or failed authentication:
///   ``TokenStoreUnavailableError``, which a session neither treats as signed out nor remembers.
/// - Anything else (`errSecMissingEntitlement` above all) is an error with the status and, for a
///   missing entitlement, what the app must be signed with.
struct KeychainItemStore<Items: KeychainItems>: TokenStore {
    let items: Items
    let account: String
    /// For the missing-entitlement hint.
    let accessGroup: String?
    /// Shared with the app's extensions: refreshes lock it, writes mark it changed.
    var coordination: StoreCoordinationFile? = nil

    func load() throws -> SignInRecord? {
        let (status, data) = items.read(account: account)
        switch status {
        case KeychainStatus.success:
            guard let data else { return nil }
            return try SignInRecord.decode(stored: data)
        case KeychainStatus.itemNotFound:
            return nil
        default:
            throw failure("reading the sign-in", status)
        }
    }

    func save(_ signIn: SignInRecord) throws {
        try write(try JSONEncoder().encode(signIn), account: account, operation: "saving the sign-in")
        coordination?.markChanged()
    }

    /// Adds or replaces `account`'s item.
    func write(_ data: Data, account: String, operation: String) throws {
        var status = items.update(account: account, data: data)
        if status == KeychainStatus.itemNotFound {
            status = items.add(account: account, data: data)
            // Another process (the app's extension) added it between the two calls.
            if status == KeychainStatus.duplicateItem {
                status = items.update(account: account, data: data)
            }
        }
        guard status == KeychainStatus.success else { throw failure(operation, status) }
    }

    func clear() throws {
        let status = items.delete(account: account)
        guard status == KeychainStatus.success || status == KeychainStatus.itemNotFound else {
            throw failure("removing the sign-in", status)
        }
        coordination?.markChanged()
    }

    func lockForUpdate() async throws -> TokenStoreLock? {
        try await coordination?.lock()
    }

    func revision() -> UInt64? {
        coordination?.revision()
    }

    /// The item a registration is kept in: an account no sign-in uses, which ``accounts()``
    /// leaves out.
    static var registrationAccountPrefix: String { "oauthgen.registration " }

    /// The registration kept under `key`; `nil` when there is none, or it does not decode.
    func loadRegistration(key: String) throws -> ClientRegistrationRecord? {
        let (status, data) = items.read(account: Self.registrationAccountPrefix + key)
        switch status {
        case KeychainStatus.success:
            return data.flatMap { try? JSONDecoder().decode(ClientRegistrationRecord.self, from: $0) }
        case KeychainStatus.itemNotFound: return nil
        default: throw failure("reading the registration", status)
        }
    }

    /// Keeps `registration` under `key`.
    func saveRegistration(_ registration: ClientRegistrationRecord, key: String) throws {
        try write(
            try JSONEncoder().encode(registration), account: Self.registrationAccountPrefix + key,
            operation: "saving the registration")
    }

    /// Forgets the registration under `key`.
    func removeRegistration(key: String) throws {
        let status = items.delete(account: Self.registrationAccountPrefix + key)
        guard status == KeychainStatus.success || status == KeychainStatus.itemNotFound else {
            throw failure("removing the registration", status)
        }
    }

    /// Every account with a sign-in under the service, sorted.
    func accounts() throws -> [String] {
        let (status, accounts) = items.accounts()
        switch status {
        case KeychainStatus.success:
            return accounts.filter {
                !$0.hasPrefix(Self.registrationAccountPrefix) && !$0.hasPrefix(Self.familyAccountPrefix)
            }.sorted()
        case KeychainStatus.itemNotFound: return []
        default: throw failure("listing the accounts", status)
        }
    }

    /// The key of every registration kept under the service, sorted.
    func registrationKeys() throws -> [String] {
        let (status, accounts) = items.accounts()
        switch status {
        case KeychainStatus.success:
            return accounts.filter { $0.hasPrefix(Self.registrationAccountPrefix) }
                .map { String($0.dropFirst(Self.registrationAccountPrefix.count)) }.sorted()
        case KeychainStatus.itemNotFound: return []
        default: throw failure("listing the registrations", status)
        }
    }

    func failure(_ operation: String, _ status: Int32) -> any Error {
        let failure = KeychainFailure(operation: operation, status: status, accessGroup: accessGroup)
        if let reason = KeychainStatus.unavailableReason(status) {
            return TokenStoreUnavailableError(reason, underlyingError: failure)
        }
        return failure
    }
}
