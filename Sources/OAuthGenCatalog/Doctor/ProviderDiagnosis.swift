import OAuthPolicy
import Foundation
import OAuthGenCore

/// What `oauthgen doctor` says about one provider: the page a team reads when a sign-in fails.
package struct ProviderDiagnosis: Sendable, Hashable {
    /// The provider's name (its files' common prefix).
    package var name: String
    /// The quirk file, if the provider has one.
    package var quirkFile: String?
    /// Where its metadata comes from: the pinned document, or the quirk file's endpoints.
    package var metadata: String
    /// The catalog entry the provider matched (by name, or by the issuer of its document).
    package var catalogEntry: String?
    /// Each deviation the quirk file sets, with where it is and why the catalog says so.
    package var quirks: [Quirk]
    /// What the catalog knows about this provider that the quirk file does not set.
    package var catalogOnly: [Quirk]
    /// Each redirect URI with its kind and what the provider and the platforms allow.
    package var redirects: [Redirect]
    /// The private-use schemes the app's `Info.plist` must list in `CFBundleURLSchemes`, and
    /// whether the given `Info.plist` does (`nil` when none was given).
    package var schemes: [Scheme]
    /// Every finding of the validator about this provider's files.
    package var findings: [Diagnostic]

    /// One quirk.
    package struct Quirk: Sendable, Hashable {
        /// `scopeSeparator`, `tokenResponse.nestedIn`…
        package var path: String
        /// Its value, as the quirk file says it (or the catalog would).
        package var value: String
        /// Where the quirk file sets it.
        package var location: SourceLocation?
        /// The catalog's one-line source for it, and where that line is.
        package var source: String?
        /// The line of the catalog's entry that says it.
        package var sourceLocation: SourceLocation?
    }

    /// One redirect URI.
    package struct Redirect: Sendable, Hashable {
        /// The URI as registered.
        package var uri: String
        /// Where the quirk file lists it.
        package var location: SourceLocation
        /// Its RFC 8252 §7 kind.
        package var kind: RedirectKind
        /// Whether the catalog's entry allows this kind for native apps (`nil`: no entry).
        package var allowedByProvider: Bool?
        /// The catalog's note for this kind of redirect with this provider.
        package var note: String?
    }

    /// One private-use scheme the app must register.
    package struct Scheme: Sendable, Hashable {
        /// The scheme, lowercased (schemes compare without case).
        package var scheme: String
        /// Whether the given `Info.plist` lists it; `nil` when none was given.
        package var registered: Bool?
    }
}
