/// The Client ID Metadata Document for a native app, from what its quirk file says.
package enum ClientMetadataDocument {
    /// The document, pinned-JSON style (sorted members, a newline at the end).
    package static func text(clientID: String, clientName: String, redirectURIs: [String]) -> String {
        let location = SourceLocation(file: "", line: 1, column: 1)
        func string(_ text: String) -> JSONValue { JSONValue(kind: .string(text), location: location) }
        let members: [(String, JSONValue)] = [
            ("application_type", string("native")),
            ("client_id", string(clientID)),
            ("client_name", string(clientName)),
            (
                "grant_types",
                JSONValue(kind: .array([string("authorization_code"), string("refresh_token")]), location: location)
            ),
            ("redirect_uris", JSONValue(kind: .array(redirectURIs.map(string)), location: location)),
            ("response_types", JSONValue(kind: .array([string("code")]), location: location)),
            ("token_endpoint_auth_method", string("none")),
        ]
        return PinnedJSONWriter.write(
            JSONValue(
                kind: .object(members.map { JSONMember(name: $0.0, nameLocation: location, value: $0.1) }),
                location: location))
    }
}
