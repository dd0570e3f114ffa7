/// Turns a located JSON value into a ``ProtectedResourceDocument``.
package enum ProtectedResourceLoader {
    static let knownMembers: Set<String> = [
        "resource", "authorization_servers", "scopes_supported", "bearer_methods_supported",
        "dpop_bound_access_tokens_required", "resource_name",
    ]

    package static func load(_ bytes: [UInt8], file: String) -> (ProtectedResourceDocument?, [Diagnostic]) {
        load(JSONReader.read(bytes, file: file))
    }

    /// The document from JSON already read (the read's findings included), so a caller that keeps
    /// the JSON value too parses the bytes once.
    package static func load(_ read: JSONReader.Result) -> (ProtectedResourceDocument?, [Diagnostic]) {
        guard let root = read.value else { return (nil, read.diagnostics) }
        guard let members = root.members else {
            return (
                nil,
                read.diagnostics + [
                    Diagnostic(
                        .error, .resourceWrongType,
                        "expected the protected resource metadata to be a JSON object, found \(root.typeDescription)",
                        at: root.location)
                ]
            )
        }
        var document = ProtectedResourceDocument(location: root.location)
        var reader = JSONMemberReader(wrongType: .resourceWrongType)
        for member in members {
            if reader.isNull(member, known: knownMembers) { continue }
            switch member.name {
            case "resource": document.resource = reader.string(member)
            case "authorization_servers": document.authorizationServers = reader.strings(member)
            case "scopes_supported": document.scopesSupported = reader.strings(member)
            case "bearer_methods_supported": document.bearerMethodsSupported = reader.strings(member)
            case "dpop_bound_access_tokens_required": document.dpopBoundAccessTokensRequired = reader.bool(member)
            case "resource_name": document.resourceName = reader.string(member)
            default: break  // RFC 9728 §2: members a client does not understand are ignored
            }
        }
        return (document, read.diagnostics + reader.diagnostics)
    }
}
