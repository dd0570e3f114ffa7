// swift-tools-version:6.1
// Benchmarks live in their own package so the tool's and the runtime's users never build
// ordo-one/benchmark. Run with `swift package benchmark` from this directory.
import PackageDescription

let package = Package(
    name: "oauthgen-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named explicitly: a path dependency's identity is otherwise its folder's name.
        .package(name: "oauthgen", path: "..", traits: ["PostgreSQL"]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // One iteration of everything when CI asks (OAUTHGEN_BENCHMARK_SMOKE=1).
        // Swift 5 mode: it edits `Benchmark.benchmarks`, a plain static var that ordo-one/benchmark
        // reads and writes only while registering benchmarks, on the one thread that does so.
        .target(
            name: "BenchmarkSmoke",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/BenchmarkSmoke",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "GenerationBenchmarks",
            dependencies: [
                "BenchmarkSmoke",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_OAuthGenCore", package: "oauthgen"),
                .product(name: "_OAuthPolicy", package: "oauthgen"),
            ],
            path: "Benchmarks/GenerationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: [
                "BenchmarkSmoke",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OAuthRuntime", package: "oauthgen"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Benchmarks/RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // p50/p95 of a store read and a locked refresh decision, file store against PostgreSQL.
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                .product(name: "OAuthRuntime", package: "oauthgen"),
                .product(name: "OAuthPostgresStore", package: "oauthgen"),
            ],
            // Not under Benchmarks/: ordo-one/benchmark takes every target there for one of its own.
            path: "Tools/StoreBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
