import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// The JWT a ``WorkloadIdentity`` presents, read from its file for one token request and checked
/// before it leaves: a JWS, not expired, and addressed to the server it goes to.
///
/// The check reads the claims without verifying the signature: the server verifies it against
/// the platform's keys. What the client decides is only where the JWT may go.
enum WorkloadToken {
    /// The JWT in `identity`'s file, for the authorization server `issuer` whose token endpoint
    /// is `tokenEndpoint`.
    ///
    /// Its `aud` must name the token endpoint (MCP workload identity federation) or the issuer
    /// (RFC 7523 §3, 3.): a JWT for another server is refused before anything is sent, since the
    /// server it reached could redeem it where it is valid. An `exp` already past is refused: the
    /// platform has not rewritten the file.
    static func read(
        _ identity: WorkloadIdentity, issuer: String, tokenEndpoint: URL, now: Date = Date()
    ) throws(OAuthError) -> String {
        let path = identity.tokenFile.path
        let token: String
        do {
            token = try String(contentsOf: identity.tokenFile, encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw OAuthError.invalidConfiguration(
                "expected the workload's JWT in \(path), found the file unreadable: \(error.localizedDescription)")
        }
        let claims: [String: Any]
        do {
            let jws = try CompactJWS(token)
            guard let object = try? JSONSerialization.jsonObject(with: Data(jws.payload)) as? [String: Any] else {
                throw OAuthError.invalidConfiguration(
                    "expected the workload's JWT in \(path) to carry a JSON object of claims, found another payload")
            }
            claims = object
        } catch let malformed as CompactJWS.Malformed {
            throw OAuthError.invalidConfiguration(
                "expected a JWT (a JWS in compact form) in \(path), found one where \(malformed.reason)")
        } catch let error as OAuthError {
            throw error
        } catch {
            throw OAuthError.invalidConfiguration("expected a JWT in \(path), found \(error)")
        }
        let audiences: [String]
        switch claims["aud"] {
        case let one as String: audiences = [one]
        case let many as [Any]: audiences = many.compactMap { $0 as? String }
        default: audiences = []
        }
        let accepted = [tokenEndpoint.absoluteString, issuer]
        guard audiences.contains(where: accepted.contains) else {
            throw OAuthError.invalidConfiguration(
                "expected the workload's JWT in \(path) to have the audience \(tokenEndpoint.absoluteString) (the token endpoint) or \(issuer),"
                    + " found \(audiences.isEmpty ? "no aud" : audiences.joined(separator: ", ")): it is not sent to a server it was not made for"
            )
        }
        if let exp = (claims["exp"] as? NSNumber)?.doubleValue, Date(timeIntervalSince1970: exp) <= now {
            throw OAuthError.invalidConfiguration(
                "expected the workload's JWT in \(path) to be valid now, found it expired at \(Date(timeIntervalSince1970: exp)): the platform has not rewritten the file"
            )
        }
        return token
    }
}
