import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
internal import OAuthPolicy

/// What a resource server's refusal asks of the client, read once per response from its status,
/// its `WWW-Authenticate` field (through the one parser, RFC 9110 §11.6.1) and its `DPoP-Nonce`.
///
/// The session's ``OAuthSession/data(for:)``, the OpenAPI middleware, `ProtectedResourceSession`
/// and the MCP transport each answer a refusal through the session's one loop (`exchange`),
/// which reads it as this value and decides once what to do.
@_spi(BuildingBlocks)
public enum ResourceRefusal: Sendable, Hashable {
    /// A 401 `use_dpop_nonce` (RFC 9449 §9) with the nonce to put in the next proof.
    case dpopNonce(String)
    /// A 401 `invalid_token` (RFC 6750 §3.1, or the same under DPoP): the token is no good.
    case invalidToken
    /// A 403 `insufficient_scope` (RFC 6750 §3.1) naming the scopes the resource needs.
    case insufficientScope([String])
    /// A 401 `insufficient_user_authentication` (RFC 9470 §3): a fresher or stronger
    /// authentication, as its `acr_values` and `max_age` say.
    case insufficientAuthentication(acrValues: [String], maxAge: Int?)
    /// A 401 without any of those: the resource wants a token (a first sign-in), or refuses
    /// for reasons no challenge states.
    case unauthorized
    /// Any other status: not a refusal this client answers.
    case other

    /// The refusal a response with `status`, its `WWW-Authenticate` field (nil when absent)
    /// and its `DPoP-Nonce` field states.
    public init(status: Int, wwwAuthenticate: String?, dpopNonce: String?) {
        guard status == 401 || status == 403 else {
            self = .other
            return
        }
        // Parsed here, once for the response; the Bearer or DPoP challenge that states an error
        // speaks for the token (a gateway's Basic challenge beside it does not).
        let challenges = (wwwAuthenticate.map { WWWAuthenticate.challenges(inFieldLines: [$0]) } ?? []).filter(
            \.isAccessTokenChallenge)
        if status == 401, let nonce = dpopNonce, !nonce.isEmpty,
            challenges.contains(where: { $0.isScheme("DPoP") && $0.error == "use_dpop_nonce" })
        {
            self = .dpopNonce(nonce)
            return
        }
        let token = challenges.first { $0.error != nil } ?? challenges.first
        switch (status, token?.error) {
        case (401, "invalid_token"):
            self = .invalidToken
        case (401, "insufficient_user_authentication"):
            self = .insufficientAuthentication(acrValues: token?.acrValues ?? [], maxAge: token?.maxAge)
        case (401, _):
            self = .unauthorized
        case (403, "insufficient_scope"):
            self = .insufficientScope(token?.scopes ?? [])
        default:
            self = .other
        }
    }

    /// The refusal `response` states.
    public init(_ response: HTTPURLResponse) {
        self.init(
            status: response.statusCode, wwwAuthenticate: response.value(forHTTPHeaderField: "WWW-Authenticate"),
            dpopNonce: response.value(forHTTPHeaderField: "DPoP-Nonce"))
    }

    /// Whether the answer took the token as valid: anything but a 401 (a 403 for scopes is the
    /// token accepted and found short). A 401 asking for a fresher authentication refuses the
    /// sign-in, not the token, and is not counted either way.
    var acceptsToken: Bool {
        switch self {
        case .invalidToken, .unauthorized, .dpopNonce, .insufficientAuthentication: false
        case .insufficientScope, .other: true
        }
    }

    /// Whether a step-up could answer it (more scopes, or a fresher or stronger authentication).
    public var asksForStepUp: Bool {
        switch self {
        case .insufficientScope, .insufficientAuthentication: true
        default: false
        }
    }
}
