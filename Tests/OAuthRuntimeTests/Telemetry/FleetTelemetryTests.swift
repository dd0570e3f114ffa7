// Reads the runtime's spans and metrics: the Telemetry trait (PostgreSQL, as the tests run, enables it).
#if Telemetry
import Foundation
import InMemoryTracing
import Logging
@_spi(BuildingBlocks) @_spi(Testing) @testable import OAuthRuntime
import RuntimeTestSupport
import Testing
import TestSupport
import Tracing

/// A fleet at expiry, watched (issue 55): four agents on one shared store (a file, PostgreSQL)
/// against a token endpoint on 127.0.0.1 that rotates refresh tokens, each agent's call in a span
/// of its own, with a log handler, a metrics factory and a tracer that keep everything.
@Suite(.serialized)
struct FleetTelemetryTests {
    @Test(arguments: SharedStoreKind.available)
    func aFleetAtExpiryShowsOneRefreshItsLockWaitsAndItsSpans(kind: SharedStoreKind) async throws {
        let shared = try await kind.make()
        defer { Task { await shared.remove() } }
        let tokens = try RotatingTokenServer()
        try await shared.open().save(RotatingTokenServer.expiredSignIn)
        let recorder = TelemetryRecorder()
        let sessions = try (0..<4).map { _ in
            try RotatingTokenServer.session(shared.open(), token: tokens.tokenURL, telemetry: recorder.telemetry)
        }
        let tracer = recorder.tracer
        let accessTokens = try await withThrowingTaskGroup(of: String.self) { group in
            for (index, session) in sessions.enumerated() {
                group.addTask {
                    try await tracer.withSpan("agent \(index)") { _ in try await session.validAccessToken() }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(tokens.endpoint.refreshes == 1)
        #expect(accessTokens == Array(repeating: "AT-2", count: 4))

        // Metrics: one refresh asked the token endpoint, three adopted it; four lock waits.
        let metrics = recorder.metrics
        #expect(metrics.counterTotal(label: "oauth_refreshes_total", dimensions: [("outcome", "success")]) == 1)
        #expect(metrics.counterTotal(label: "oauth_refreshes_total", dimensions: [("outcome", "adopted")]) == 3)
        let waits = metrics.timers(label: "oauth_lock_wait_duration_seconds")
        #expect(waits.reduce(0) { $0 + $1.values.count } == 4)
        #expect(waits.allSatisfy { $0.dimensions.map(\.0) == ["store"] })
        #expect(
            metrics.timers(label: "oauth_http_request_duration_seconds").map {
                Dictionary(uniqueKeysWithValues: $0.dimensions)
            } == [["endpoint": "token", "status_class": "2xx"]])

        // Spans: agent → oauth.refresh (the lock wait an event) → POST to the token endpoint,
        // whose context the request carried as its traceparent.
        let spans = recorder.spans
        let agents = spans.filter { $0.operationName.hasPrefix("agent ") }
        let refreshes = spans.filter { $0.operationName == "oauth.refresh" }
        #expect(agents.count == 4 && refreshes.count == 4)
        for refresh in refreshes {
            #expect(agents.contains { $0.spanID == refresh.parentSpanID && $0.traceID == refresh.traceID })
            #expect(refresh.events.map(\.name) == ["store lock acquired"])
            #expect(refresh.attributes["oauth.issuer"]?.toSpanAttribute() == "https://id.example.com")
            #expect(refresh.attributes["oauth.client_id"]?.toSpanAttribute() == "client-1")
        }
        #expect(refreshes.filter { $0.attributes["oauth.outcome"]?.toSpanAttribute() == "adopted" }.count == 3)
        let requests = spans.filter { $0.operationName == "POST" }
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        let parent = try #require(refreshes.first { $0.spanID == request.parentSpanID })
        #expect(parent.attributes["oauth.outcome"]?.toSpanAttribute() == "success")
        #expect(request.kind == .client)
        #expect(request.attributes["http.request.method"]?.toSpanAttribute() == "POST")
        #expect(request.attributes["server.address"]?.toSpanAttribute() == "127.0.0.1")
        #expect(request.attributes["http.response.status_code"]?.toSpanAttribute() == 200)
        #expect(request.attributes["oauth.endpoint"]?.toSpanAttribute() == "token")
        #expect(tokens.endpoint.traceparents == ["00-\(request.traceID)-\(request.spanID)-01"])

        // Logs: each session waited for the lock, one refresh finished, three adopted.
        let lines = recorder.logLines
        #expect(lines.filter { $0.metadata["oauth.step"] == "waiting_for_lock" }.count == 4)
        let finished = lines.filter { $0.message == "oauth.refresh finished" }
        #expect(
            finished.compactMap { $0.metadata["oauth.outcome"] }.sorted() == [
                "adopted", "adopted", "adopted", "success",
            ])
        #expect(
            finished.allSatisfy {
                $0.metadata["oauth.issuer"] == "https://id.example.com" && $0.metadata["oauth.client_id"] == "client-1"
            })
        #expect(finished.allSatisfy { Int($0.metadata["oauth.duration_ms"] ?? "") != nil })
        // No token the fleet held or was sent is in any line, label or attribute.
        let recorded = recorder.recordedText.joined(separator: "\n")
        for token in ["AT-1", "RT-1", "AT-2", "RT-2"] { #expect(!recorded.contains(token)) }
    }

    /// With no telemetry given, nothing is written anywhere and the request carries no
    /// `traceparent` (the bootstrapped tracer is a no-op).
    @Test func theDefaultTelemetryIsSilent() async throws {
        let tokens = try RotatingTokenServer()
        let store = MemoryTokenStore()
        try await store.save(RotatingTokenServer.expiredSignIn)
        let session = try RotatingTokenServer.session(store, token: tokens.tokenURL)
        #expect(try await session.validAccessToken() == "AT-2")
        #expect(tokens.endpoint.traceparents.isEmpty)
        #expect(session.client.options.telemetry.logger.handler is SwiftLogNoOpLogHandler)
    }
}
#endif
