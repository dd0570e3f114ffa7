import OAuthPolicy

/// The Client ID Metadata Document the app hosts (`<name>.client-metadata.json`) against the
/// quirk file: the server reads the redirect URIs from the document, the app sends them from the
/// quirk file, and a difference fails every sign-in far from the build.
package enum ClientMetadataRules {
    static func check(_ provider: LoadedProvider) -> [Diagnostic] {
        guard let document = provider.clientMetadata else { return [] }
        func drift(_ message: String, at location: SourceLocation?) -> Diagnostic {
            Diagnostic(.error, .clientMetadataDrift, message, at: location ?? document.location)
        }
        guard let members = document.members else {
            return [
                drift(
                    "expected the client metadata document to be a JSON object, found \(document.typeDescription)",
                    at: nil)
            ]
        }
        func member(_ name: String) -> JSONMember? { members.first { $0.name == name } }
        var findings: [Diagnostic] = []
        let clientID = provider.quirks?.clientID?.value
        let stated = member("client_id")
        if stated?.value.stringValue != clientID || clientID == nil {
            findings.append(
                drift(
                    "expected \"client_id\" to be the quirk file's clientID \(clientID.map { "\"\(TerminalText.escaping($0))\"" } ?? "(none: add it)"), the URL the document is hosted at, found \(stated?.value.stringValue.map { "\"\(TerminalText.escaping($0))\"" } ?? "none")",
                    at: stated?.value.location))
        } else if let clientID,
            (try? ServerURL(parsing: clientID)).map({ $0.scheme == "https" && $0.pathAndQuery.count > 1 }) != true
        {
            findings.append(
                drift(
                    "expected \"client_id\" to be an https URL with a path (Client ID Metadata Document §3), found \"\(TerminalText.escaping(clientID))\"",
                    at: stated?.value.location))
        }
        let registered = Set((provider.quirks?.redirectURIs ?? []).map(\.value))
        if let uris = member("redirect_uris"), let list = uris.value.arrayValue {
            let listed = list.compactMap(\.stringValue)
            for element in list where !registered.contains(element.stringValue ?? "") {
                findings.append(
                    drift(
                        "expected only the quirk file's redirect URIs in \"redirect_uris\", found \"\(TerminalText.escaping(element.stringValue ?? ""))\", which the app never sends",
                        at: element.location))
            }
            for missing in (provider.quirks?.redirectURIs ?? []) where !listed.contains(missing.value) {
                findings.append(
                    drift(
                        "expected \"redirect_uris\" to list \"\(TerminalText.escaping(missing.value))\", a redirect URI of the quirk file, found it missing: the server would refuse that sign-in",
                        at: uris.value.location))
            }
        } else {
            findings.append(
                drift(
                    "expected \"redirect_uris\" listing the quirk file's redirect URIs, found none",
                    at: member("redirect_uris")?.value.location))
        }
        if let method = member("token_endpoint_auth_method"), method.value.stringValue != "none" {
            findings.append(
                drift(
                    "expected \"token_endpoint_auth_method\" to be \"none\": a native app is a public client (RFC 8252 §8.5), found \(method.value.stringValue.map { "\"\($0)\"" } ?? method.value.typeDescription)",
                    at: method.value.location))
        }
        if let secret = member("client_secret") {
            findings.append(
                drift(
                    "expected no \"client_secret\" in a client metadata document (§4.1), found one",
                    at: secret.value.location))
        }
        return findings
    }
}
