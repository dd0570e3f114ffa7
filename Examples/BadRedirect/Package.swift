// swift-tools-version:6.0
// A package whose quirk file has a redirect URI RFC 8252 rejects: `swift build` must fail with the
// error on that plist's line. The tests build it; it is not meant to build.
import PackageDescription

let package = Package(
    name: "BadRedirect",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "oauthgen", path: "../.."),
    ],
    targets: [
        .target(name: "App", plugins: [.plugin(name: "OAuthGenPlugin", package: "oauthgen")]),
    ],
    swiftLanguageModes: [.v6]
)
