import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// How an authorization server met at run time departs from what a resource session does by
/// default: the deviations a pinned provider's quirk file states (`ProviderQuirks`, the same
/// vocabulary), and how a client registers and redirects there, for a server nobody pinned.
/// Each is applied only when a ``ServerQuirkCatalog`` entry names the server: never guessed from a
/// failure.
public struct ServerQuirks: Sendable, Hashable {
    /// The host a loopback redirect URI must use at a server that compares it as a string.
    public enum LoopbackHost: String, Sendable, Hashable {
        /// `localhost` (RFC 8252 §8.3: NOT RECOMMENDED, but the only form some servers take).
        case localhost
        /// The IPv4 literal `127.0.0.1` (RFC 8252 §7.3's recommendation).
        case ipv4Literal = "127.0.0.1"
    }

    /// The protocol deviations, in the quirk file's vocabulary, laid over what discovery found
    /// (`ProviderQuirks/overlaid(with:)`): Microsoft Entra ID's refresh without `resource`
    /// (`ProviderQuirks/omitsResourceOnRefresh`), GitHub's comma-separated scopes, ….
    public var provider: ProviderQuirks
    /// The host the app's loopback redirect URI is sent with; `nil` to send it as the app made it.
    /// The port and path stay the app's: RFC 8252 §7.3's any-port rule is for the IP literals,
    /// so at a server that takes only `localhost` (and compares it with its port), the app's
    /// redirect names the port its client was registered with.
    public var loopbackHost: LoopbackHost?
    /// The server registers no client at run time (no RFC 7591 endpoint, or one closed to
    /// strangers): a client registered there by hand is needed, and a session that would
    /// register says so before anything is sent.
    public var registrationUnavailable: Bool

    /// Quirks; each left out is the standard behaviour.
    public init(
        provider: ProviderQuirks = ProviderQuirks(), loopbackHost: LoopbackHost? = nil,
        registrationUnavailable: Bool = false
    ) {
        self.provider = provider
        self.loopbackHost = loopbackHost
        self.registrationUnavailable = registrationUnavailable
    }

    /// What each quirk does, in words, for a report: empty for none.
    public var applied: [String] {
        var applied: [String] = []
        applied += provider.deviations
        if let loopbackHost { applied.append("loopback redirect host \(loopbackHost.rawValue)") }
        if registrationUnavailable { applied.append("no dynamic registration") }
        return applied
    }
}
