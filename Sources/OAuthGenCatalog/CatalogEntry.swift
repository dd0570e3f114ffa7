import OAuthGenCore

/// One known provider: how to find its metadata, the redirects it allows native apps, the
/// values a team must supply, and its quirk-file template with a source for every quirk.
///
/// An entry is one property list, `Providers/<id>.plist` (the ProviderCatalog article in
/// Documentation/oauthgen.docc describes its keys); a pinned discovery document may sit beside it as `<id>.openid-configuration.json`.
package struct CatalogEntry: Sendable, Hashable {
    /// The entry's file name without `.plist`: the name `oauthgen init` takes and the quirk file's.
    package var id: String
    /// The provider's own name for people: "Microsoft Entra ID".
    package var displayName: String
    /// One line on what the entry is for, for `init --list` and the ProviderCatalog article's table.
    package var summary: String
    /// The issuer whose OpenID Connect discovery document describes the provider (placeholders
    /// allowed: `https://${domain}`); `nil` for a provider without one.
    package var issuer: String?
    /// The issuer the provider's document names when it is not ``issuer`` itself (Microsoft
    /// Entra's multi-tenant documents name `https://login.microsoftonline.com/{tenantid}/v2.0`).
    package var documentIssuer: String?
    /// The RFC 8414 authorization server whose metadata describes an OAuth-only provider.
    package var authorizationServer: String?
    /// Values the team supplies with `--set NAME=VALUE`, with what each one is.
    package var parameters: [Parameter]
    /// The redirects the provider allows native apps, in the order it prefers them.
    package var redirects: [Redirect]
    /// The provider refuses public clients: the app cannot sign in without a client secret
    /// (RFC 8252 §8.5 says it is no secret in an app: keep it on a server, `BackendCodeExchange`).
    package var needsSecret: Bool
    /// The quirk file, as a property list whose strings may hold `${clientID}` and the parameters.
    package var quirks: PlistValue
    /// A one-line source for every quirk: key path (`tokenResponse.missingTokenType`) to text.
    package var sources: [String: String]
    /// Where each source line is in the entry's file, for `oauthgen doctor` to point at.
    package var sourceLocations: [String: SourceLocation]
    /// How a resource session treats this provider's server when it meets one at run time (the
    /// entry's deviations laid over what discovery finds); `nil` for an entry a session never
    /// needs to know.
    package var runtime: Runtime?
    /// The pinned discovery document shipped with the entry, if any.
    package var pinnedDiscovery: [UInt8]?
    /// Where the entry was read from, for findings about it.
    package var location: SourceLocation

    /// A value the team supplies.
    package struct Parameter: Sendable, Hashable {
        /// The placeholder's name: `${domain}` is `domain`, set with `--set domain=…`.
        package var name: String
        /// What the value is, as `--set NAME=…` help: "your Okta domain".
        package var description: String
        /// A value of the right shape: "dev-123456.okta.com".
        package var example: String
    }

    /// A redirect shape the provider allows, with what to know about it.
    package struct Redirect: Sendable, Hashable {
        /// How `init` derives a URI of this kind.
        package var shape: RedirectShape
        /// Where it applies or what it needs ("Desktop app client type only").
        package var note: String?
    }

    /// What the run-time catalog (`ServerQuirkCatalog.builtIn`) takes from an entry, beside its
    /// quirk template's deviations.
    package struct Runtime: Sendable, Hashable {
        /// The issuers it names: an issuer, or a pattern whose `{name}` is one path segment or
        /// one host label.
        package var issuerPattern: String
        /// The host a loopback redirect must use there: `localhost` or `127.0.0.1`.
        package var loopbackHost: String?
        /// The server registers no client at run time (RFC 7591).
        package var registrationUnavailable: Bool
    }

    /// The provider signs a family of apps in from one sign-in (OpenID Connect Native SSO), as the
    /// entry's `nativeSSO` and its source say; `nil` where nothing says it does.
    package var nativeSSO: NativeSSO? = nil

    /// What the catalog knows of a provider's Native SSO.
    package struct NativeSSO: Sendable, Hashable {
        /// The `actor_token_type` it takes for the device secret, when not the draft's own.
        package var deviceSecretTokenType: String?
    }

    /// Whether the provider has metadata to pin (`oauthgen fetch`).
    package var hasDiscovery: Bool { issuer != nil || authorizationServer != nil }
}
