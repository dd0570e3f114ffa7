import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing
import TestSupport
#if PostgreSQL
import OAuthPostgresStore
#endif

/// The stores several sessions or processes share, each test made against every one: the file
/// store, and the PostgreSQL store (with the PostgreSQL trait, on the test server; CI requires
/// the server, so its tests never drop out there).
public enum SharedStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file
    case postgres

    /// The kinds this build and machine have.
    public static var available: [SharedStoreKind] {
        #if PostgreSQL
        PostgresServer.isAvailable ? [.file, .postgres] : [.file]
        #else
        [.file]
        #endif
    }

    public var testDescription: String { rawValue }

    /// A new, empty shared store: `open()` gives another handle on it, as another process has.
    public func make() async throws -> SharedStore {
        switch self {
        case .file:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "oauthgen-shared-\(UUID().uuidString)")
            let path = directory.appendingPathComponent("tokens.json").path
            return SharedStore(
                open: { FileTokenStore(path: path) },
                remove: {
                    try? FileManager.default.removeItem(at: directory)
                })
        case .postgres:
            #if PostgreSQL
            let server = try await PostgresServer.instance()
            let url = try await server.makeDatabase("shared")
            let key = try StoreEncryptionKey(bytes: Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
            let location = try PostgresStoreLocation(
                url: url, environment: ProcessInfo.processInfo.environment.merging(server.appEnvironment) { $1 })
            let opened = LockedList<PostgresTokenStore>()
            return SharedStore(
                open: {
                    // A minute for the lock, not 15 s: under the full suite, tests that wait on a
                    // process synchronously hold Swift's two cooperative threads, and the lock's
                    // holder waited for a thread past 15 s (twice in a row on 2 cores). What these
                    // tests count is refreshes, not how long a starved holder may take.
                    let store = PostgresTokenStore(location: location, key: key, timeout: .seconds(60))
                    opened.append(store)
                    return store
                },
                remove: { for store in opened.all { await store.close() } })
            #else
            throw DjangoProvider.Unavailable(description: "built without the PostgreSQL trait")
            #endif
        }
    }
}

/// One shared store made for a test, and how to let it go.
public struct SharedStore: Sendable {
    /// Another handle on the store: its own connections or file descriptors, as another process's.
    public let open: @Sendable () -> any AccountTokenStore
    /// Closes every handle and removes what the store left.
    public let remove: @Sendable () async -> Void
}
