import Foundation
import OAuthRuntime
import Synchronization

/// A store written outside this package, as an app would write one over its own database: only
/// the public protocols, no first-sign-in lock and no revision (one process). It runs the store
/// contract as the package's stores do, and a resource session lists and prunes it.
public final class DictionaryStore: AccountTokenStore, ClientRegistrationStore {
    private final class Shelves: Sendable {
        let signIns = Mutex<[String: SignInRecord]>([:])
        let registrations = Mutex<[String: ClientRegistrationRecord]>([:])
    }

    public let account: String
    private let shelves: Shelves

    /// An empty store, at its default account.
    public init() { (account, shelves) = ("default", Shelves()) }
    private init(account: String, shelves: Shelves) { (self.account, self.shelves) = (account, shelves) }

    public func forAccount(_ account: String) -> DictionaryStore { DictionaryStore(account: account, shelves: shelves) }
    public func accounts() async throws -> [String] { shelves.signIns.withLock { $0.keys.sorted() } }
    public func load() async throws -> SignInRecord? { shelves.signIns.withLock { $0[account] } }
    public func save(_ signIn: SignInRecord) async throws { shelves.signIns.withLock { $0[account] = signIn } }
    public func clear() async throws { _ = shelves.signIns.withLock { $0.removeValue(forKey: account) } }

    public func loadRegistration(key: String) async throws -> ClientRegistrationRecord? {
        shelves.registrations.withLock { $0[key] }
    }
    public func saveRegistration(_ registration: ClientRegistrationRecord, key: String) async throws {
        shelves.registrations.withLock { $0[key] = registration }
    }
    public func removeRegistration(key: String) async throws {
        _ = shelves.registrations.withLock { $0.removeValue(forKey: key) }
    }
    public func registrationKeys() async throws -> [String] { shelves.registrations.withLock { $0.keys.sorted() } }
}
