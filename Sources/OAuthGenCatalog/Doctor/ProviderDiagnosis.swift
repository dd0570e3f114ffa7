import OAuthPolicy
import Foundation
import OAuthGenCore

/// What `oauthgen doctor` says about one provider: the page a team reads when a sign-in fails.
public struct ProviderDiagnosis: Sendable, Hashable {
    /// The provider's name (its files' common prefix).
    public var name: String
    /// The quirk file, if the provider has one.
    public var quirkFile: String?
    /// Where its metadata comes from: the pinned document, or the quirk file's endpoints.
    public var metadata: String
    /// The catalog entry the provider matched (by name, or by the issuer of its document).
    public var catalogEntry: String?
    /// Each deviation the quirk file sets, with where it is and why the catalog says so.
    public var quirks: [Quirk]
    /// What the catalog knows about this provider that the quirk file does not set.
    public var catalogOnly: [Quirk]
    /// Each redirect URI with its kind and what the provider and the platforms allow.
    public var redirects: [Redirect]
    /// The private-use schemes the app's `Info.plist` must list in `CFBundleURLSchemes`, and
    /// whether the given `Info.plist` does (`nil` when none was given).
    public var schemes: [Scheme]
    /// Every finding of the validator about this provider's files.
    public var findings: [Diagnostic]

    /// One quirk.
    public struct Quirk: Sendable, Hashable {
        /// `scopeSeparator`, `tokenResponse.nestedIn`…
        public var path: String
        /// Its value, as the quirk file says it (or the catalog would).
        public var value: String
        /// Where the quirk file sets it.
        public var location: SourceLocation?
        /// The catalog's one-line source for it, and where that line is.
        public var source: String?
        /// The line of the catalog's entry that says it.
        public var sourceLocation: SourceLocation?
    }

    /// One redirect URI.
    public struct Redirect: Sendable, Hashable {
        /// The URI as registered.
        public var uri: String
        /// Where the quirk file lists it.
        public var location: SourceLocation
        /// Its RFC 8252 §7 kind.
        public var kind: RedirectKind
        /// Whether the catalog's entry allows this kind for native apps (`nil`: no entry).
        public var allowedByProvider: Bool?
        /// The catalog's note for this kind of redirect with this provider.
        public var note: String?
    }

    /// One private-use scheme the app must register.
    public struct Scheme: Sendable, Hashable {
        /// The scheme, lowercased (schemes compare without case).
        public var scheme: String
        /// Whether the given `Info.plist` lists it; `nil` when none was given.
        public var registered: Bool?
    }
}
