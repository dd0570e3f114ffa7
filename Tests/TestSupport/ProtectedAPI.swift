import Foundation

/// `Tests/Support/django-provider/protected_api.py` on 127.0.0.1: an API that answers 401 with
/// its RFC 9728 metadata, checks each token at django-oauth-toolkit's introspection endpoint
/// (bound to it by RFC 8707, holding `requiredScopes`), and serves Client ID Metadata Documents
/// from a folder. It stops when the test's process ends, or with ``stop()``.
public final class ProtectedAPI {
    let process: Process
    /// Its port on 127.0.0.1.
    public let port: Int
    /// Where the Client ID Metadata Documents it serves are written.
    public let documents: URL

    /// `http://127.0.0.1:<port>/api`: the resource's identifier, and the URL to call.
    public var resource: String { "http://127.0.0.1:\(port)/api" }

    /// What the API's RFC 9470 challenge asks for.
    public enum AuthenticationChallenge {
        /// An authentication at most this many seconds old (`max_age`).
        case maxAge(Int)
        /// One of these authentication context classes (`acr_values`).
        case acrValues([String])
        /// A hostile resource: every token refused with `max_age`, however fresh its sign-in.
        case maxAgeOnEveryRequest(Int)
        /// A hostile resource: every token refused with a 403 `insufficient_scope` naming one more
        /// of the provider's scopes than it holds; its metadata lists `read` and `write`, or none.
        case growingScopes(listed: Bool)

        var argument: String {
            switch self {
            case .maxAge(let seconds): "max_age=\(seconds)"
            case .acrValues(let values): "acr_values=\(values.joined(separator: " "))"
            case .maxAgeOnEveryRequest(let seconds): "max_age_every=\(seconds)"
            case .growingScopes(let listed): "grow_scopes=\(listed ? "listed" : "unlisted")"
            }
        }
    }

    /// Starts one for `provider`, requiring `requiredScopes` on `GET /api`; with `stepUp`, the
    /// first token it sees is refused with that RFC 9470 challenge. `scopesSupported` is what its
    /// metadata lists (`[]` leaves the optional member out; `nil`, the default, lists `read` and
    /// `write`, or nothing for ``AuthenticationChallenge/growingScopes(listed:)`` unlisted).
    public init(
        provider: DjangoProvider.Instance, requiredScopes: [String] = ["read"], stepUp: AuthenticationChallenge? = nil,
        scopesSupported: [String]? = nil
    ) throws {
        documents = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-client-metadata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        (process, port) = try startPeer(
            "django-provider/protected_api.py", named: "the protected API", provider: provider,
            arguments: [requiredScopes.joined(separator: ","), documents.path, stepUp?.argument ?? ""]
                + (scopesSupported.map { [$0.joined(separator: ",")] } ?? []))
    }

    /// Writes a Client ID Metadata Document this API serves, and returns its client ID:
    /// `https://127.0.0.1:<port>/client-metadata/<name>.json` (the provider's test fetcher reads
    /// it over http; no certificate exists for 127.0.0.1).
    public func publishClientMetadata(name: String, redirectURIs: [String]) throws -> String {
        let clientID = "https://127.0.0.1:\(port)/client-metadata/\(name).json"
        let document: [String: Any] = [
            "client_id": clientID, "client_name": name, "redirect_uris": redirectURIs,
            "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"],
            "token_endpoint_auth_method": "none", "application_type": "native",
        ]
        try JSONSerialization.data(withJSONObject: document).write(to: documents.appendingPathComponent("\(name).json"))
        return clientID
    }

    /// What each call to `/api` carried: its scheme, and for a token what introspection said.
    public func requests() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/requests")!)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["requests"] as? [[String: Any]] ?? []
    }

    /// Stops the server.
    public func stop() {
        process.end()
        try? FileManager.default.removeItem(at: documents)
    }
}
