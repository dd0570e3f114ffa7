// swift-tools-version:6.0
// Packages that must not build, each target for its own reason, each error on its line:
// - App: its quirk file has a redirect URI RFC 8252 rejects;
// - MissingScheme: its app's Info.plist lacks the redirect's scheme, its entitlements the claimed
//   https redirect's associated domain and the Keychain access group (AppFiles/, named in oauthgen.json).
// The tests build each target; none is meant to build.
import PackageDescription

let package = Package(
    name: "BadRedirect",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "oauthgen", path: "../..")
    ],
    targets: [
        .target(name: "App", plugins: [.plugin(name: "OAuthGenPlugin", package: "oauthgen")]),
        .target(name: "MissingScheme", plugins: [.plugin(name: "OAuthGenPlugin", package: "oauthgen")]),
    ],
    swiftLanguageModes: [.v6]
)
