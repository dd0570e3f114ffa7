/// The members of a protected resource's metadata (RFC 9728 §2) that oauthgen checks and
/// generates from, each with its location: `<name>.oauth-protected-resource.json`, pinned by
/// `oauthgen init --resource`.
package struct ProtectedResourceDocument: Sendable, Hashable {
    /// Where the top-level object starts: missing members are reported here.
    package var location: SourceLocation
    package var resource: Located<String>?
    package var authorizationServers: Located<[Located<String>]>?
    package var scopesSupported: Located<[Located<String>]>?
    package var bearerMethodsSupported: Located<[Located<String>]>?
    package var dpopBoundAccessTokensRequired: Located<Bool>?
    package var resourceName: Located<String>?

    package init(location: SourceLocation) {
        self.location = location
    }
}
