import Foundation

/// How a client came by its client ID at one authorization server, kept with the sign-in so the
/// next run reuses it instead of registering again.
public struct ClientRegistrationRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How the client ID was obtained, in the order an MCP client tries them.
    public enum Method: String, Sendable, Hashable, Codable {
        /// Registered by hand with the provider; given to the app.
        case preregistered
        /// An https URL the app hosts, whose document the server fetches (OAuth Client ID
        /// Metadata Document).
        case metadataDocument = "metadata-document"
        /// Registered at run time (RFC 7591).
        case dynamic
    }

    /// The authorization server's issuer: a registration is good there only.
    public var issuer: String
    /// The client ID.
    public var clientID: String
    /// How it was obtained.
    public var method: Method
    /// The redirect URIs registered, exactly as sent.
    public var redirectURIs: [URL]
    /// RFC 7592's `registration_access_token`: a secret, like a refresh token; never printed.
    public var registrationAccessToken: String?
    /// RFC 7592's `registration_client_uri`, where the registration can be read or deleted.
    public var registrationClientURI: URL?
    /// The authorization server's metadata as a resource session discovered it, kept with the
    /// registration: a later process with a valid stored sign-in calls the resource without
    /// asking the server for anything. The resource's own metadata is read again each time, so a
    /// resource that names another server is still noticed.
    public var authorizationServer: ProviderConfiguration?
    /// When ``authorizationServer`` was read from the server: kept metadata older than a day, or
    /// without this date, is read again (issue 45, G8: a server that moved its token endpoint kept
    /// getting refresh tokens at the old one).
    public var authorizationServerReadAt: Date?
    /// The client's secret, for a confidential client: one a registration issued this instance
    /// (RFC 7591 §3.2.1; RFC 8252 §8.4 classes such a native app as confidential), kept beside
    /// the registration in the store; never printed.
    public var clientSecret: String?
    /// How the client authenticates at the token endpoint, as the registration answered
    /// (`client_secret_basic` or `client_secret_post` with ``clientSecret``); `nil` for a public
    /// client, or one whose method the server's metadata decides.
    public var tokenEndpointAuthMethod: TokenEndpointAuthMethod?
    /// When ``clientSecret`` expires (RFC 7591 §3.2.1 `client_secret_expires_at`); `nil` for a
    /// secret that does not. A registration whose secret expired is made again.
    public var clientSecretExpiresAt: Date?

    /// A record from its parts.
    public init(
        issuer: String, clientID: String, method: Method, redirectURIs: [URL] = [],
        registrationAccessToken: String? = nil,
        registrationClientURI: URL? = nil
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.method = method
        self.redirectURIs = redirectURIs
        self.registrationAccessToken = registrationAccessToken
        self.registrationClientURI = registrationClientURI
    }

    /// Whether this registration can be used with `configuration`'s authorization server for
    /// these redirect URIs.
    public func fits(issuer: String?, redirectURIs wanted: [URL]) -> Bool {
        issuer == self.issuer && (method != .dynamic || Set(wanted).isSubset(of: Set(redirectURIs)))
    }

    /// Whether ``clientSecret`` has expired by `now`: such a registration authenticates no
    /// request, and is made again.
    public func secretExpired(at now: Date) -> Bool {
        clientSecretExpiresAt.map { $0 <= now } ?? false
    }

    /// The issuer, the method and the client ID; never the registration access token or secret.
    public var description: String {
        "ClientRegistrationRecord(issuer: \(issuer), method: \(method.rawValue), clientID: \(clientID)"
            + (tokenEndpointAuthMethod.map { ", tokenEndpointAuthMethod: \($0.rawValue)" } ?? "")
            + (clientSecret == nil ? "" : ", clientSecret: <redacted>")
            + (registrationAccessToken == nil ? "" : ", registrationAccessToken: <redacted>") + ")"
    }
}

extension ClientRegistrationRecord: CustomReflectable {
    /// `dump` and debuggers see ``description``, never the registration access token.
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
