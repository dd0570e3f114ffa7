import Foundation
internal import OAuthPolicy
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Challenges read outside a resource request's loop — a token endpoint's DPoP nonce, the
/// discovery probe's `resource_metadata` — through the one `WWW-Authenticate` parser (RFC 9110
/// §11.6.1). A resource server's refusal is read once, as a ``ResourceRefusal``.
@_spi(BuildingBlocks)
public enum ResourceChallenge {
    /// `WWW-Authenticate: DPoP error="use_dpop_nonce"` on a 401 (RFC 9449 §9).
    public static func asksForDPoPNonce(status: Int, wwwAuthenticate: String?) -> Bool {
        guard status == 401 else { return false }
        return challenges(wwwAuthenticate).contains { $0.isScheme("DPoP") && $0.error == "use_dpop_nonce" }
    }

    /// The field's first Bearer or DPoP challenge, with `error` when one is given.
    static func tokenChallenge(_ wwwAuthenticate: String?, error: String? = nil) -> AuthenticationChallenge? {
        challenges(wwwAuthenticate).first { $0.isAccessTokenChallenge && (error == nil || $0.error == error) }
    }

    /// The field's challenges; none when it is absent or does not parse.
    static func challenges(_ wwwAuthenticate: String?) -> [AuthenticationChallenge] {
        wwwAuthenticate.map { WWWAuthenticate.challenges(inFieldLines: [$0]) } ?? []
    }
}
