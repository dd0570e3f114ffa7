import Foundation

/// The app's registration with a provider: defaults baked in at build time, overridable at run time.
public struct ClientRegistration: Sendable, Hashable, Codable {
    /// The client ID the app registered; `nil` when the quirk file names none and it is supplied at run time.
    public var clientID: String?
    /// Every redirect URI registered for this provider, already checked against RFC 8252.
    public var redirectURIs: [URL]
    /// Scopes requested when the caller names none.
    public var defaultScopes: [String]

    /// A registration; every part is optional.
    public init(clientID: String? = nil, redirectURIs: [URL] = [], defaultScopes: [String] = []) {
        self.clientID = clientID
        self.redirectURIs = redirectURIs
        self.defaultScopes = defaultScopes
    }
}
