// swift-tools-version:6.1
// A command-line MCP client: the official MCP Swift SDK's client, signed in through oauthgen
// (OAuthMCP): `swift run --package-path Examples/MCPClient mcp-client <server URL> --call <tool>`.
// Built and run against a real MCP server by PluginBuildTests, warnings as errors.
import PackageDescription

let package = Package(
    name: "OAuthGenMCPClient",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The PostgreSQL trait: --store postgres://… (an app that does not enable it resolves no postgres-nio).
        .package(name: "oauthgen", path: "../..", traits: ["PostgreSQL"]),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // --metrics-file: the runtime's metrics through a real backend (issue 55). Here, not in
        // oauthgen: an app that links only the runtime resolves no backend.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .executableTarget(
            name: "mcp-client",
            dependencies: [
                .product(name: "OAuthMCP", package: "oauthgen"),
                .product(name: "OAuthRuntime", package: "oauthgen"),
                .product(name: "OAuthResources", package: "oauthgen"),
                .product(name: "OAuthPostgresStore", package: "oauthgen"),
                // Linux: requests that wait in the kernel (URLSession's spin there: Transport.swift).
                .product(name: "OAuthAsyncHTTPClient", package: "oauthgen", condition: .when(platforms: [.linux])),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
