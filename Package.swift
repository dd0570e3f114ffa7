// swift-tools-version:6.1
import PackageDescription

/// Where the runtime's crypto comes from swift-crypto: every platform without CryptoKit.
let withoutCryptoKit: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

/// The plugins' tool prebuilt, or `nil` to build it from source, as development does. A
/// release's manifest names its artifact bundle here (`Scripts/artifact-bundle.sh --manifest`
/// writes this line), so an app's clean build compiles no generator (BuildPlugins.md). The choice
/// is the manifest's text, not a check for the file: SwiftPM caches an evaluated manifest by its
/// text, so a check would go stale when the file comes or goes.
let generatorBundle: Target? = nil
let generatorTool: Target.Dependency = generatorBundle == nil ? "oauthgen-generate" : "OAuthGenGenerateBinary"

let package = Package(
    name: "oauthgen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "oauthgen", targets: ["oauthgen"]),
        .executable(name: "oauthgen-login", targets: ["oauthgen-login"]),
        .library(name: "OAuthRuntime", targets: ["OAuthRuntime"]),
        // Protected resources found from a 401 (RFC 9728), registration (RFC 7591/7592), step-up
        // and the enterprise identity: its own product, so an app that only signs users in to
        // its providers compiles none of it.
        .library(name: "OAuthResources", targets: ["OAuthResources"]),
        // apple/swift-openapi-runtime's ClientMiddleware over a session: its own product, so an app
        // that does not use generated OpenAPI clients never links OpenAPIRuntime.
        .library(name: "OAuthOpenAPIMiddleware", targets: ["OAuthOpenAPIMiddleware"]),
        // The MCP Swift SDK's authorizer on oauthgen's session: its own product, so an app that
        // does not talk to MCP servers never builds or links the SDK.
        .library(name: "OAuthMCP", targets: ["OAuthMCP"]),
        // The runtime's requests through AsyncHTTPClient: for agents on Linux, where URLSession
        // spins while a request waits (issue 53). Its own product, behind the default trait
        // AsyncHTTPClient: an app that does not link it builds no SwiftNIO.
        .library(name: "OAuthAsyncHTTPClient", targets: ["OAuthAsyncHTTPClient"]),
        // Sign-ins in PostgreSQL, shared by a fleet: behind the `PostgreSQL` trait, so an app that
        // does not enable it neither resolves nor compiles postgres-nio (measured: BENCHMARKS).
        .library(name: "OAuthPostgresStore", targets: ["OAuthPostgresStore"]),
        // Not API (the underscore says so): the generator's stages and the rules the build and
        // the runtime share, products only so the fuzz targets and the benchmarks reach them.
        .library(name: "_OAuthGenCore", targets: ["OAuthGenCore"]),
        .library(name: "_OAuthPolicy", targets: ["OAuthPolicy"]),
        .plugin(name: "OAuthGenPlugin", targets: ["OAuthGenPlugin"]),
        .plugin(name: "OAuthGenCommand", targets: ["OAuthGenCommand"]),
        .plugin(name: "OAuthGenInit", targets: ["OAuthGenInit"]),
    ],
    traits: [
        // On by default, so the tools wait without spinning on Linux; an app that needs none of it
        // passes `traits: []` and resolves no SwiftNIO HTTP stack (DESIGN.md §8).
        .trait(
            name: "AsyncHTTPClient",
            description:
                "OAuthAsyncHTTPClient: requests that wait in the kernel on Linux, where oauthgen-login sends through it"
        ),
        // Metrics and spans are for a fleet an operator watches; an app that signs a person in
        // compiles neither (the runtime's clean build within 1.3x of swift-crypto's: BENCHMARKS).
        .trait(
            name: "Telemetry",
            description:
                "OAuthTelemetry's metrics (swift-metrics) and spans (swift-distributed-tracing); logs are always there"
        ),
        // A fleet's agents wait on servers too, and postgres-nio brings SwiftNIO and its TLS already;
        // a fleet sharing one sign-in is the one an operator watches.
        .trait(
            name: "PostgreSQL", description: "OAuthPostgresStore, and --store postgres://… in the tools",
            enabledTraits: ["AsyncHTTPClient", "Telemetry"]),
        .default(enabledTraits: ["AsyncHTTPClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Runtime only, where there is no CryptoKit (the generator never links it). Ranges are what
        // the code calls, so an older toolchain resolves a release it can load (README, "Swift
        // versions"): the runtime builds against swift-crypto 3.12.3 (tools 5.9) and 4.5.2 (6.1).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Tests only: the reference the runtime's JOSE layer is checked against, token for token.
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        // OAuthOpenAPIMiddleware only. 1.10.0: the first release with every API the middleware calls
        // (`ClientMiddleware`'s `@Sendable next`, `Data(collecting:upTo:)`); HTTPTypes' are in 1.0.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.10.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // OAuthMCP only: `HTTPClientAuthorizer` and `Transport` as 0.12 declares them.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // The runtime's telemetry (issue 55): the server-side Swift conventions a fleet already runs
        // on, API packages only (no backend: the app bootstraps swift-otel, swift-prometheus or its
        // own). swift-log also for the `Logger` the MCP SDK's `Transport` names. The metrics and
        // tracing minimums are the releases this was built and tested with (measured: BENCHMARKS).
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // OAuthPostgresStore only, with the PostgreSQL trait: the connection, LISTEN and TLS.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // OAuthAsyncHTTPClient only, with the AsyncHTTPClient trait (and so oauthgen-login on
        // Linux): a transport that waits in the kernel. 1.37.0: the release these were built and
        // measured with; SwiftNIO for the types its requests and errors are spelled in.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // libxml2 through the system: line numbers and safe parser options (DESIGN.md §3).
        // Named CLibXML2 so it never collides with the SDK's own `libxml2` module.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // The .mustache files, embedded so an installed `oauthgen` never needs a resource bundle.
        .target(
            name: "OAuthGenTemplates",
            path: "Templates",
            exclude: ["README.md"],
            resources: [.embedInCode("ProviderClient.mustache")]
        ),
        // The rules the build and the runtime both apply (which URLs are acceptable, which hosts
        // are loopback, which parameters are reserved): one place, so the build can never accept
        // what the runtime refuses. No dependencies, not even Foundation.
        .target(name: "OAuthPolicy"),
        // How `oauthgen fetch` and the runtime talk to servers (no redirects, bounded bodies).
        .target(name: "OAuthFetch", dependencies: ["OAuthLocking"]),
        // The package's one lock box (Foundation only), for state an actor cannot hold.
        .target(name: "OAuthLocking"),
        .target(
            name: "OAuthGenCore",
            dependencies: [
                "CLibXML2",
                "OAuthLocking",
                "OAuthPolicy",
                "OAuthGenTemplates",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The known providers as data (`Providers/<id>.plist`), for `oauthgen init`.
        .target(
            name: "OAuthGenCatalog",
            dependencies: ["OAuthGenCore", "OAuthPolicy"],
            resources: [.copy("Providers")]
        ),
        // The commands that need no network, shared by both tools below.
        .target(
            name: "OAuthGenCLI",
            dependencies: [
                "OAuthGenCore",
                "OAuthPolicy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What `oauthgen fetch`, `import --fetch-discovery` and `init` download, checked by the
        // build's rules and reported as diagnostics: a library, so it is tested in process.
        .target(
            name: "OAuthGenFetch",
            dependencies: ["OAuthGenCore", "OAuthFetch", "OAuthPolicy"]
        ),
        // The CLI: every command, `fetch` and `import --fetch` included. Never the runtime or crypto.
        .executableTarget(
            name: "oauthgen",
            dependencies: [
                "OAuthGenCLI",
                "OAuthGenCore",
                "OAuthGenCatalog",
                "OAuthGenFetch",
                "OAuthPolicy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Lean on purpose: the plugins build this tool for the host on every app's clean build and
        // run it whenever a provider file changes, so it has `generate` only, reads its fixed
        // arguments itself (no swift-argument-parser) and links no networking.
        .executableTarget(
            name: "oauthgen-generate",
            dependencies: ["OAuthGenCore"]
        ),
        // Apple platforms: CryptoKit and Security only, so an app links nothing third-party
        // through the runtime. Elsewhere: swift-crypto (BoringSSL), `_CryptoExtras` for RSA: the
        // platform's cryptography, never the runtime's own (issue 44). `_CryptoExtras` rather than
        // 4.x's `CryptoExtras`: it is the one name both 3.12.3 and 4.x export.
        .target(
            name: "OAuthRuntime",
            dependencies: [
                "OAuthFetch",
                "OAuthLocking",
                "OAuthPolicy",
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: withoutCryptoKit)),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(platforms: withoutCryptoKit)),
                // Logs, metrics and spans (issue 55): no-ops until the app chooses a backend; metrics
                // and spans only with the Telemetry trait.
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: .when(traits: ["Telemetry"])),
                .product(
                    name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Telemetry"])),
                .product(
                    name: "Instrumentation", package: "swift-distributed-tracing",
                    condition: .when(traits: ["Telemetry"])),
            ],
            // App Store review reads SDKs' privacy manifests: what it collects (nothing) and the
            // required-reason APIs it calls (Tests/OAuthRuntimeTests/PrivacyManifestTests.swift).
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // Over the runtime's public API and its `package` declarations (DESIGN.md §2 names them).
        .target(
            name: "OAuthResources",
            dependencies: [
                "OAuthRuntime", "OAuthLocking", "OAuthPolicy",
                // TerminalProgress reads the runtime's log.
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "OAuthAsyncHTTPClient",
            dependencies: [
                "OAuthRuntime", "OAuthFetch",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["AsyncHTTPClient"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["AsyncHTTPClient"])),
            ]
        ),
        .target(
            name: "OAuthMCP",
            dependencies: [
                "OAuthRuntime", "OAuthResources", "OAuthLocking", "OAuthPolicy",
                .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "OAuthPostgresStore",
            dependencies: [
                "OAuthRuntime", "OAuthLocking", "OAuthPolicy",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: withoutCryptoKit)),
            ]
        ),
        .target(
            name: "OAuthOpenAPIMiddleware",
            dependencies: [
                "OAuthRuntime",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The build-tool plugin runs the lean `oauthgen-generate` tool; it never builds the runtime.
        .plugin(name: "OAuthGenPlugin", capability: .buildTool(), dependencies: [generatorTool]),
        .plugin(
            name: "OAuthGenCommand",
            capability: .command(
                intent: .custom(
                    verb: "generate-oauth-clients",
                    description:
                        "Write the generated OAuth clients into a Generated/ folder beside each target's provider files"
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "oauthgen writes the generated clients into a Generated/ folder beside the provider files")
                ]
            ),
            dependencies: [generatorTool]
        ),
        .plugin(
            name: "OAuthGenInit",
            capability: .command(
                intent: .custom(
                    verb: "init-oauth-provider",
                    description: "Write a provider's quirk file from oauthgen's catalog into a target"),
                // No network permission: asking for it would make every run pass a flag. `--fetch`
                // needs `--disable-sandbox` on macOS; the catalog's pinned documents need neither.
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "oauthgen init writes <provider>.quirks.plist (and its pinned metadata) into the target's folder"
                    )
                ]
            ),
            dependencies: ["oauthgen"]
        ),
        // A real sign-in from a terminal, on the runtime; neither the CLI nor the plugin depends on it.
        .executableTarget(
            name: "oauthgen-login",
            dependencies: [
                "OAuthRuntime",
                "OAuthResources",
                // TerminalText: every server-supplied string it prints goes through the one sanitizer.
                "OAuthPolicy",
                // --mcp: the MCP Swift SDK's client over OAuthMCP's transport.
                "OAuthMCP",
                // --store postgres://… (empty without the PostgreSQL trait).
                "OAuthPostgresStore",
                // The device code a resource session showed, for the report.
                "OAuthLocking",
                // Linux: requests that wait without spinning (FoundationNetworking's do not).
                .target(name: "OAuthAsyncHTTPClient", condition: .when(platforms: [.linux])),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Its progress lines and --verbose read the runtime's log.
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Running built executables from tests; shared by the test targets.
        .target(name: "TestSupport", dependencies: ["OAuthLocking"], path: "Tests/TestSupport"),
        .testTarget(name: "OAuthGenCoreTests", dependencies: ["OAuthGenCore"], exclude: ["Fixtures"]),
        .testTarget(name: "OAuthPolicyTests", dependencies: ["OAuthPolicy"], exclude: ["Fixtures"]),
        .testTarget(
            name: "OAuthOpenAPIMiddlewareTests",
            dependencies: [
                "OAuthOpenAPIMiddleware", "OAuthRuntime", "TestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(name: "OAuthGenFetchTests", dependencies: ["OAuthGenFetch", "OAuthGenCore", "TestSupport"]),
        .testTarget(name: "OAuthFetchTests", dependencies: ["OAuthFetch", "TestSupport"]),
        .testTarget(name: "OAuthGenCatalogTests", dependencies: ["OAuthGenCatalog", "OAuthGenCore"]),
        .testTarget(
            name: "OAuthRuntimeTests",
            // OAuthPolicy: the shared rules, to hold the runtime's public enums to them;
            // OAuthPostgresStore: the shared-store tests run on it too; oauthgen-login: built so
            // the end-to-end tests can run it against the real provider.
            dependencies: [
                "OAuthRuntime", "OAuthResources", "OAuthPolicy", "OAuthPostgresStore", "TestSupport", "oauthgen-login",
                "RuntimeTestSupport",
                // A fleet's logs and spans, read back (issue 55).
                .product(name: "Logging", package: "swift-log"),
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing",
                    condition: .when(traits: ["Telemetry"])),
                .product(
                    name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Telemetry"])),
                // To mint ID tokens in negative tests.
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            // Stored sign-ins of every format and the Wycheproof vectors, read from the source tree.
            exclude: ["Session/StoredFormats", "JOSE/Wycheproof"]
        ),
        // What the runtime's and the resources' tests share: recording transports, stores of
        // each kind, the real provider's client.
        .target(
            name: "RuntimeTestSupport",
            dependencies: [
                "OAuthRuntime", "OAuthPostgresStore", "TestSupport",
                // A fleet's telemetry, read back (issue 55): a metrics factory and a tracer that keep
                // what they are given; the log handler is the support's own.
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics", condition: .when(traits: ["Telemetry"])),
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing",
                    condition: .when(traits: ["Telemetry"])),
                .product(
                    name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Telemetry"])),
            ],
            path: "Tests/RuntimeTestSupport"
        ),
        // OAuthResources on its own (issue 54): a change to the resources rebuilds these, not
        // the runtime's 400 tests.
        .testTarget(
            name: "OAuthResourcesTests",
            dependencies: [
                "OAuthResources", "OAuthRuntime", "OAuthPolicy", "OAuthPostgresStore", "TestSupport",
                "RuntimeTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(
                    name: "InMemoryTracing", package: "swift-distributed-tracing",
                    condition: .when(traits: ["Telemetry"])),
                .product(
                    name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Telemetry"])),
            ]
        ),
        .testTarget(
            name: "OAuthAsyncHTTPClientTests", dependencies: ["OAuthAsyncHTTPClient", "OAuthRuntime", "TestSupport"]),
        .testTarget(
            name: "OAuthMCPTests",
            dependencies: [
                "OAuthMCP", "OAuthRuntime", "OAuthResources", "OAuthPolicy", "OAuthLocking", "TestSupport",
                .product(name: "MCP", package: "swift-sdk"),
            ]),
        .testTarget(
            name: "OAuthPostgresStoreTests",
            dependencies: [
                "OAuthPostgresStore", "OAuthRuntime", "OAuthResources", "TestSupport", "oauthgen-login",
                "RuntimeTestSupport", .product(name: "Logging", package: "swift-log"),
            ]),
        // The generated clients are compiled here, warnings as errors, against the real runtime:
        // a golden file that stops compiling fails the build of the tests.
        .testTarget(
            name: "GeneratedClientsTests",
            // oauthgen-login: built so its Glewlwyd sign-ins can run it.
            dependencies: ["OAuthRuntime", "OAuthResources", "OAuthPostgresStore", "TestSupport", "oauthgen-login"],
            // Golden/ holds three whole-file references, read by GoldenFileTests: the compiled
            // clients are the plugin's, generated from Providers/ (links to the example and
            // test-peer inputs), so a template change rewrites no checked-in copy but those three.
            exclude: ["Golden"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: ["OAuthGenPlugin"]
        ),
        .testTarget(
            name: "oauthgenTests",
            // Not oauthgen-generate: GeneratedClientsTests's plugin builds it as
            // `oauthgen-generate-tool`, and a test dependency on the target as well would link
            // both copies into the one test bundle (duplicate symbols).
            dependencies: ["oauthgen", "OAuthGenCatalog", "OAuthLocking", "OAuthRuntime", "TestSupport"],
            exclude: ["Fixtures"]
        ),
    ] + [generatorBundle].compactMap { $0 },
    swiftLanguageModes: [.v6]
)
