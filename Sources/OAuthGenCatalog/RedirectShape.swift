import OAuthPolicy
import OAuthGenCore

/// A way a provider lets a native app receive the authorization response, and how `oauthgen
/// init` derives the redirect URI for it.
package enum RedirectShape: String, Sendable, Hashable, CaseIterable {
    /// The reversed client ID as a private-use scheme (Google's iOS clients):
    /// `com.googleusercontent.apps.<id>:/oauth2redirect` for `<id>.apps.googleusercontent.com`.
    case reversedClientID
    /// A private-use scheme from the app's bundle ID (RFC 8252 §7.1): `<bundle id>:/oauth/<provider>`.
    case bundleID
    /// A loopback redirect (RFC 8252 §7.3): `http://127.0.0.1/oauth/<provider>`, any port.
    case loopback
    /// An app-claimed https URI (RFC 8252 §7.2): a domain of the app's, so never derived;
    /// pass it with `--redirect-uri`.
    case claimedHTTPS

    /// The RFC 8252 kind of the URIs of this shape.
    package var kind: RedirectKind {
        switch self {
        case .reversedClientID, .bundleID: .privateUseScheme
        case .loopback: .loopback
        case .claimedHTTPS: .claimedHTTPS
        }
    }

    /// The redirect URI of this shape, or why it cannot be derived from what was given.
    func derive(provider: String, clientID: String?, bundleID: String?) -> Result<String, DerivationGap> {
        switch self {
        case .reversedClientID:
            let suffix = ".apps.googleusercontent.com"
            guard let clientID, clientID.hasSuffix(suffix), clientID.count > suffix.count else {
                return .failure(DerivationGap(needs: "a client ID ending in \(suffix) (--client-id)"))
            }
            return .success("com.googleusercontent.apps.\(clientID.dropLast(suffix.count)):/oauth2redirect")
        case .bundleID:
            guard let bundleID, !bundleID.isEmpty else {
                return .failure(DerivationGap(needs: "the app's bundle ID (--bundle-id)"))
            }
            return .success("\(bundleID.lowercased()):/oauth/\(provider)")
        case .loopback:
            return .success("http://127.0.0.1/oauth/\(provider)")
        case .claimedHTTPS:
            return .failure(DerivationGap(needs: "an https URI on a domain the app claims (--redirect-uri)"))
        }
    }

    /// What a shape needs that was not given.
    struct DerivationGap: Error, Hashable {
        var needs: String
    }
}
