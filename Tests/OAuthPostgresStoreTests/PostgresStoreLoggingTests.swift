#if PostgreSQL
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPostgresStore
import RuntimeTestSupport
import Testing
import TestSupport

/// The store's own log lines (issue 55): where it connects, and nothing it keeps.
@Suite(.enabled("needs PostgreSQL") { await PostgresServer.isAvailableOffPool() })
struct PostgresStoreLoggingTests {
    @Test func aStoreSaysWhereItConnectsAndNothingItKeeps() async throws {
        let fixture = try await PostgresStoreFixture.make(sslMode: "require")
        let recorder = TelemetryRecorder()
        let store = try fixture.store(logger: recorder.telemetry.logger)
        defer { Task { await store.close() } }
        try await store.save(.tokens("store-logging-access-7b1e", refresh: "store-logging-refresh-2c9d"))
        #expect(try await store.load()?.tokens.refreshToken == "store-logging-refresh-2c9d")

        let connected = try #require(recorder.logLines.first { $0.message == "connected to PostgreSQL" })
        #expect(connected.level == .debug)
        #expect(connected.metadata["db.system.name"] == "postgresql")
        #expect(connected.metadata["server.address"] == "127.0.0.1")
        #expect(connected.metadata["db.namespace"] == fixture.database)
        #expect(connected.metadata["db.sslmode"] == "require")
        #expect(Int(connected.metadata["oauth.duration_ms"] ?? "") != nil)
        #expect(recorder.logLines.contains { $0.message == "connecting to PostgreSQL" })
        let recorded = recorder.recordedText.joined(separator: "\n")
        for secret in [
            "store-logging-access-7b1e", "store-logging-refresh-2c9d", fixture.keyBytes.base64EncodedString(),
            fixture.server.appPassword,
        ] {
            #expect(!recorded.contains(secret))
        }
    }
}
#endif
