// AFamilyOfApps.md's Swift snippets, compiled (see README.swift). Apple platforms only (the
// Keychain and the web authentication session): Scripts/typecheck-apple.sh checks them against
// the iOS and macOS SDKs.

import Foundation
import OAuthRuntime

#if canImport(AuthenticationServices) && canImport(Security)
@MainActor
func aSiblingAppSignsInFromTheFamily() async throws {
    // snippet: AFamilyOfApps.md
    let family = AppFamily(store: KeychainFamilySignInStore(accessGroup: Bank.familyKeychainAccessGroup))
    let client = try Bank.client(options: ClientOptions(family: family))
    let session = try Bank.session(store: KeychainTokenStore(service: "com.example.investing"), client: client)

    // The investing app, at launch: the family's sign-in if there is one, its own otherwise.
    do {
        try await session.keep(try await client.signInFromFamily())
    } catch where error.kind != .network {
        try await session.signIn(with: WebAuthenticationSessionUserAgent())
    }
    // end snippet
}
#endif
