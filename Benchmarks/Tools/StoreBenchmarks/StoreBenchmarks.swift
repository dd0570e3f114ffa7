import Foundation
import OAuthPostgresStore
import OAuthRuntime

/// What a session pays at its store, on the file store and on PostgreSQL (Debian's, started from
/// `Tests/Support/postgres/server.py` on 127.0.0.1, TLS off: the loopback cost of the store, not
/// of TLS): a read (`load()`), and a locked refresh decision (take the lock, read the sign-in
/// again, find it fresh, give the lock back: what every replica but one does at an expiry).
/// Prints p50 and p95 of each over many runs, and PostgreSQL's over the file store's.
///
///     swift run --package-path Benchmarks -c release StoreBenchmarks [ITERATIONS]
@main
struct StoreBenchmarks {
    static func main() async throws {
        let smoke = ProcessInfo.processInfo.environment["OAUTHGEN_BENCHMARK_SMOKE"] == "1"
        let iterations = smoke ? 3 : Int(CommandLine.arguments.dropFirst().first ?? "") ?? 2000
        let server = try BenchmarkPostgres()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oauthgen-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = SignInRecord(
            tokens: TokenSet(
                accessToken: String(repeating: "a", count: 900), expiresAt: Date(timeIntervalSinceNow: 3600),
                refreshToken: String(repeating: "r", count: 200), scopes: ["openid", "offline_access"]),
            idToken: nil)
        let file = FileTokenStore(directory: directory.path).forAccount("resource https://mcp.example/ at issuer")
        let postgres = PostgresTokenStore(
            location: try PostgresStoreLocation(url: try server.makeDatabase(), environment: server.environment),
            key: try StoreEncryptionKey(bytes: Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
        )
        .forAccount("resource https://mcp.example/ at issuer")
        try await file.save(record)
        try await postgres.save(record)

        var rows: [(String, Percentiles, Percentiles)] = []
        for (name, operation) in [("read (load)", Operation.read), ("locked refresh decision", .decision)] {
            let onFile = try await measure(operation, on: file, iterations: iterations)
            let onPostgres = try await measure(operation, on: postgres, iterations: iterations)
            rows.append((name, onFile, onPostgres))
        }
        await postgres.close()
        print("store latency, \(iterations) runs each after \(warmup(iterations)) warm-up runs (p50 / p95):")
        print("| operation | file store | PostgreSQL | PostgreSQL / file (p50) |")
        print("| --- | --- | --- | --- |")
        for (name, onFile, onPostgres) in rows {
            let ratio = onPostgres.p50 / onFile.p50
            print("| \(name) | \(onFile) | \(onPostgres) | \(String(format: "%.1f", ratio))× |")
        }
    }

    enum Operation {
        case read
        case decision
    }

    static func warmup(_ iterations: Int) -> Int { max(1, iterations / 10) }

    static func measure(_ operation: Operation, on store: some TokenStore, iterations: Int) async throws -> Percentiles
    {
        var samples: [Duration] = []
        samples.reserveCapacity(iterations)
        for index in 0..<(warmup(iterations) + iterations) {
            let started = ContinuousClock.now
            switch operation {
            case .read:
                guard try await store.load() != nil else { fatalError("the stored sign-in is gone") }
            case .decision:
                let lock = try await store.lockForUpdate()
                let stored = try await store.load()
                lock?.release()
                guard stored?.tokens.isExpired(at: Date(), leeway: 60) == false else { fatalError("expected fresh") }
            }
            if index >= warmup(iterations) { samples.append(ContinuousClock.now - started) }
        }
        return Percentiles(samples)
    }
}

/// p50 and p95 of a set of timings, in microseconds.
struct Percentiles: CustomStringConvertible {
    let p50: Double
    let p95: Double

    init(_ samples: [Duration]) {
        let sorted = samples.map { Double($0.components.attoseconds) / 1e12 + Double($0.components.seconds) * 1e6 }
            .sorted()
        p50 = sorted[sorted.count / 2]
        p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    }

    var description: String { String(format: "%.0f µs / %.0f µs", p50, p95) }
}
