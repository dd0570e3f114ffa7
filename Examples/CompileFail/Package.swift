// swift-tools-version:6.0
// Code that must not compile: each file misuses the typed clients in one way, and
// `PluginBuildTests` asserts the compiler's error for each. It is never built on its own.
import PackageDescription

let package = Package(
    name: "OAuthGenCompileFail",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "oauthgen", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Misuse",
            dependencies: [.product(name: "OAuthRuntime", package: "oauthgen")],
            plugins: [.plugin(name: "OAuthGenPlugin", package: "oauthgen")]
        )
    ],
    swiftLanguageModes: [.v6]
)
