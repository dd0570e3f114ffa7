import Foundation

/// A workload that reaches a protected resource with the JWT its platform gives it (MCP's
/// workload identity federation extension, SEP-1933): a Kubernetes projected service-account
/// token, a SPIFFE JWT-SVID, a cloud metadata token, presented with the jwt-bearer grant (RFC 7523
/// §2.1) and the resource (RFC 8707). No client ID, no secret, no registration.
///
/// The file is read again for every token request, since platforms rewrite it before the token
/// expires; a JWT is never kept past its `exp`. Before it is sent, the JWT's `aud` must name the
/// authorization server the resource led to (its token endpoint, or its issuer: RFC 7523 §3), so
/// a resource naming another server never receives a JWT that server could replay. A refusal is
/// `invalid_grant` with the server's description, and the client never falls back to another
/// grant.
public struct WorkloadIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The file the platform keeps the JWT in.
    public let tokenFile: URL

    /// An identity whose JWT is the contents of `tokenFile` (surrounding white space ignored).
    public init(tokenFile: URL) {
        self.tokenFile = tokenFile
    }

    /// The file; never the JWT.
    public var description: String { "WorkloadIdentity(tokenFile: \(tokenFile.path))" }
}
