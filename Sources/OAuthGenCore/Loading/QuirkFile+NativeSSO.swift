extension QuirkFile {
    /// The quirk file's `nativeSSO` dictionary: the family of apps this one shares its sign-in with
    /// (OpenID Connect Native SSO for Mobile Apps 1.0 draft 07), each value with its location.
    package struct NativeSSO: Sendable, Hashable {
        /// Where the `nativeSSO` key is.
        package var location: SourceLocation
        /// The Keychain access group every app of the family shares (`$(AppIdentifierPrefix)…`):
        /// each app's entitlements must carry it.
        package var keychainAccessGroup: Located<String>?
        /// The client IDs of the family's apps, this one's among them.
        package var familyClientIDs: [Located<String>] = []
        /// The `actor_token_type` the provider takes for the device secret, when not the draft's.
        package var deviceSecretTokenType: Located<String>?

        package init(location: SourceLocation) {
            self.location = location
        }
    }
}
