import Foundation

/// The headers that present an access token to a resource server; never printed.
public struct AuthorizationHeaders: Sendable, Hashable, CustomStringConvertible {
    /// The `Authorization` header's value: `Bearer <token>` or `DPoP <token>`.
    public let authorization: String
    /// The `DPoP` header's value, a proof for one request; `nil` for a Bearer token.
    public let dpop: String?

    /// Both as a dictionary, to merge into a request's headers.
    public var fields: [String: String] {
        var fields = ["Authorization": authorization]
        if let dpop { fields["DPoP"] = dpop }
        return fields
    }

    /// The scheme only.
    public var description: String {
        "AuthorizationHeaders(\(dpop == nil ? "Bearer" : "DPoP"): <redacted>)"
    }
}
