import Foundation
internal import OAuthLocking

/// Keeps tokens in memory only: gone when the process ends.
///
/// Stores made from one another with ``forAccount(_:)`` share their accounts (and their
/// registrations), as one file or Keychain service does.
public actor MemoryTokenStore: AccountTokenStore, ClientRegistrationStore {
    /// The account whose sign-in this store keeps.
    public nonisolated let account: String
    private let shelf: Shelf

    /// A store holding `signIn`, if given, for the default account.
    public init(_ signIn: SignInRecord? = nil) {
        self.account = FileTokenStore.defaultAccount
        self.shelf = Shelf()
        if let signIn { shelf.setSignIn(signIn, for: account) }
    }

    private init(account: String, shelf: Shelf) {
        self.account = account
        self.shelf = shelf
    }

    /// The same store for another account.
    public nonisolated func forAccount(_ account: String) -> MemoryTokenStore {
        MemoryTokenStore(account: account, shelf: shelf)
    }

    /// Every account with a sign-in in this store, sorted.
    public nonisolated func accounts() -> [String] {
        shelf.accounts()
    }

    public func load() -> SignInRecord? { shelf.signIn(for: account) }
    public func save(_ signIn: SignInRecord) { shelf.setSignIn(signIn, for: account) }
    /// Forgets the sign-in.
    public func clear() { shelf.setSignIn(nil, for: account) }

    /// The registration kept under `key`.
    public func loadRegistration(key: String) -> ClientRegistrationRecord? { shelf.registration(for: key) }
    /// Keeps `registration` under `key`.
    public func saveRegistration(_ registration: ClientRegistrationRecord, key: String) {
        shelf.setRegistration(registration, for: key)
    }
    /// Forgets the registration under `key`.
    public func removeRegistration(key: String) { shelf.setRegistration(nil, for: key) }
    /// The key of every registration in this store, sorted.
    public nonisolated func registrationKeys() -> [String] { shelf.registrationKeys() }

    /// What the stores made from one another share.
    private struct Shelf: Sendable {
        private let signIns = LockedBox<[String: SignInRecord]>([:])
        private let registrations = LockedBox<[String: ClientRegistrationRecord]>([:])

        func accounts() -> [String] { signIns.value.keys.sorted() }
        func signIn(for account: String) -> SignInRecord? { signIns.value[account] }
        func setSignIn(_ signIn: SignInRecord?, for account: String) { signIns.withLock { $0[account] = signIn } }
        func registration(for key: String) -> ClientRegistrationRecord? { registrations.value[key] }
        func registrationKeys() -> [String] { registrations.value.keys.sorted() }
        func setRegistration(_ registration: ClientRegistrationRecord?, for key: String) {
            registrations.withLock { $0[key] = registration }
        }
    }
}
