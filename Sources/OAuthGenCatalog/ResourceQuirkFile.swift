import OAuthGenCore

/// The quirk file `oauthgen init --resource` writes beside the two documents it pins: the
/// resource, the app's redirect URI, and what else it learnt, each with a comment saying where.
package enum ResourceQuirkFile {
    /// What the quirk file records.
    package struct Values {
        package var resource: String
        package var redirectURIs: [String]
        package var clientID: String?
        package var defaultScopes: [String]
        package var loopbackDevelopmentServer: Bool
        /// Whether `defaultScopes` are the 401's `scope` (else the resource's `scopes_supported`).
        package var defaultScopesFromChallenge: Bool

        package init(
            resource: String, redirectURIs: [String], clientID: String?, defaultScopes: [String],
            loopbackDevelopmentServer: Bool,
            defaultScopesFromChallenge: Bool = true
        ) {
            self.resource = resource
            self.redirectURIs = redirectURIs
            self.clientID = clientID
            self.defaultScopes = defaultScopes
            self.loopbackDevelopmentServer = loopbackDevelopmentServer
            self.defaultScopesFromChallenge = defaultScopesFromChallenge
        }
    }

    /// The quirk file's text.
    package static func text(_ values: Values, metadataURL: String) -> String {
        let nowhere = SourceLocation(file: "", line: 1, column: 1)
        func strings(_ list: [String]) -> PlistValue.Kind {
            .array(list.map { PlistValue(kind: .string($0), location: nowhere) })
        }
        var entries = [
            QuirkFileWriter.Entry(
                key: "resource", value: .string(values.resource),
                comment: "the protected resource; its metadata (\(metadataURL)) is pinned beside this file")
        ]
        if let clientID = values.clientID {
            entries.append(.init(key: "clientID", value: .string(clientID), comment: nil))
        }
        entries.append(
            .init(
                key: "redirectURIs", value: strings(values.redirectURIs),
                comment: values.clientID == nil
                    ? "registered at run time (RFC 7591) or in a client ID metadata document" : nil))
        if !values.defaultScopes.isEmpty {
            entries.append(
                .init(
                    key: "defaultScopes", value: strings(values.defaultScopes),
                    comment: values.defaultScopesFromChallenge
                        ? "the scopes the resource's 401 named" : "the resource's scopes_supported (its 401 named none)"
                ))
        }
        if values.loopbackDevelopmentServer {
            // A local server's port is in every pinned URL; servers started by tools often get a new one.
            entries.append(
                .init(
                    key: "loopbackDevelopmentServer", value: .bool(true),
                    comment:
                        "fetched from 127.0.0.1 (allowed for local servers only); its port is in every pinned URL: when it changes, run oauthgen init again with the new URL and its force option"
                ))
        }
        return QuirkFileWriter.text(
            entries, header: "Written by oauthgen init for the protected resource \(values.resource)")
    }
}
