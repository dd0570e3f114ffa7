// swift-tools-version:6.0
// An app that uses oauthgen the way an app team would: provider files in its target, the build
// plugin generating typed clients at build time, and the runtime signing the user in.
import PackageDescription

let package = Package(
    name: "OAuthGenConsumer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "oauthgen", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "signin",
            dependencies: [.product(name: "OAuthRuntime", package: "oauthgen")],
            plugins: [.plugin(name: "OAuthGenPlugin", package: "oauthgen")]
        )
    ],
    swiftLanguageModes: [.v6]
)
