import OAuthPolicy

/// A redirect URI from a quirk file with the checker's verdict on it.
package struct ClassifiedRedirect: Sendable, Hashable {
    package var uri: Located<String>
    package var report: RedirectReport
}
