// swift-tools-version:6.0
// libFuzzer targets, one per entry point that takes untrusted bytes. Built and run by
// `Fuzz/run.sh` (see the README's Fuzzing section); a separate package so the main build never compiles
// swift-syntax or sanitizers.
import PackageDescription

let targets = [
    "FuzzJSONReader", "FuzzPlistReader", "FuzzProviderLoading", "FuzzURLCheckers", "FuzzGenerate",
    "FuzzCallback", "FuzzTokenResponse", "FuzzIDToken", "FuzzLoopbackRequest", "FuzzAppFiles", "FuzzImport",
    "FuzzTemplate",
    "FuzzWWWAuthenticate", "FuzzServerSentEvents", "FuzzClientKey", "FuzzResourceMetadata",
]

let package = Package(
    name: "oauthgen-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "oauthgen", path: ".."),
        // FuzzGenerate parses what it renders: generated code must always be valid Swift.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // FuzzTemplate renders what the template check accepts.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "OAuthRuntime", package: "oauthgen")])
    ]
        + targets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport",
                    .product(name: "_OAuthGenCore", package: "oauthgen"),
                    .product(name: "OAuthRuntime", package: "oauthgen"),
                    .product(name: "_OAuthPolicy", package: "oauthgen"),
                ] + (name == "FuzzTemplate" ? [.product(name: "Mustache", package: "swift-mustache")] : [])
                    // The MCP transport's event-stream reader lives in OAuthMCP; only this target builds the SDK.
                    + (name == "FuzzServerSentEvents" ? [.product(name: "OAuthMCP", package: "oauthgen")] : [])
                    // Protected resources are a product of their own (issue 46).
                    + (name == "FuzzResourceMetadata" ? [.product(name: "OAuthResources", package: "oauthgen")] : [])
                    + (name == "FuzzGenerate"
                        ? [
                            .product(name: "SwiftParser", package: "swift-syntax"),
                            .product(name: "SwiftSyntax", package: "swift-syntax"),
                        ] : [])
            )
        },
    swiftLanguageModes: [.v6]
)
