import Foundation

/// Reads Okta.plist, Auth0.plist and GoogleService-Info.plist files into `ImportedProvider`s.
package enum LegacyPlistImporter {
    package static func importPlist(_ bytes: [UInt8], file: String) -> (ImportedProvider?, [Diagnostic]) {
        let read = PlistReader.read(bytes, file: file)
        guard let root = read.value else { return (nil, read.diagnostics) }
        var diagnostics = read.diagnostics
        guard let entries = root.entries else {
            diagnostics.append(
                Diagnostic(
                    .error, .importUnrecognized, "expected a <dict> of SDK settings, found \(root.typeDescription)",
                    at: root.location))
            return (nil, diagnostics)
        }
        let values = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func string(_ key: String) -> String? { values[key]?.value.stringValue }
        /// The first of `keys` the file has as a string, and which key it was.
        func first(_ keys: [String]) -> (key: String, value: String)? {
            keys.lazy.compactMap { key in string(key).map { (key, $0) } }.first
        }

        var provider: ImportedProvider
        var imported: Set<String>
        if let clientID = string("CLIENT_ID"), let reversed = string("REVERSED_CLIENT_ID") {
            // Google Sign-In's redirect is the reversed client ID as a private-use scheme.
            provider = ImportedProvider(
                name: "google", format: .googleServiceInfo, issuer: "https://accounts.google.com", clientID: clientID,
                redirectURIs: ["\(reversed):/oauth2redirect"], defaultScopes: ["openid", "email", "profile"])
            imported = ["CLIENT_ID", "REVERSED_CLIENT_ID"]
        } else if let domain = string("Domain"), let clientID = string("ClientId") {
            // Auth0 tenants' issuer is the domain with a trailing slash.
            provider = ImportedProvider(
                name: "auth0", format: .auth0, issuer: "https://\(domain)/", clientID: clientID,
                defaultScopes: ["openid", "profile", "email"])
            imported = ["Domain", "ClientId"]
            diagnostics.append(
                Diagnostic(
                    .warning, .importIncomplete,
                    "expected a redirect URI to import, found none in Auth0.plist: add \"redirectURIs\" to the quirk file (Auth0.swift uses <bundle id>://\(domain)/ios/<bundle id>/callback; a single slash after the scheme is what RFC 8252 §7.1 asks)",
                    at: values["Domain"]?.keyLocation ?? root.location))
        } else if let issuer = first(Self.oktaIssuer), let clientID = first(Self.oktaClientID) {
            // okta-oidc-ios and okta-mobile-swift 1.x wrote camelCase keys; okta-mobile-swift 2.x
            // writes snake_case ones (issuer_url, client_id, redirect_uri, scope). Either is read.
            provider = ImportedProvider(
                name: "okta", format: .okta, issuer: issuer.value, clientID: clientID.value,
                redirectURIs: first(Self.oktaRedirectURI).map { [$0.value] } ?? [],
                defaultScopes: (first(Self.oktaScopes)?.value ?? "openid").split(separator: " ").map(String.init))
            imported = Set(Self.oktaIssuer + Self.oktaClientID + Self.oktaRedirectURI + Self.oktaScopes)
        } else {
            diagnostics.append(
                Diagnostic(
                    .error, .importUnrecognized,
                    "expected an Okta.plist (issuer or issuer_url, clientId or client_id), Auth0.plist (Domain, ClientId) or GoogleService-Info.plist (CLIENT_ID, REVERSED_CLIENT_ID), found the keys \(entries.map(\.key).joined(separator: ", "))",
                    at: root.location))
            return (nil, diagnostics)
        }
        if provider.format == .okta {
            // Both spellings of one setting: the first read wins, the other is worth a word.
            for keys in [Self.oktaIssuer, Self.oktaClientID, Self.oktaRedirectURI, Self.oktaScopes] {
                let present = keys.filter { values[$0] != nil }
                for key in present.dropFirst() {
                    diagnostics.append(
                        Diagnostic(
                            .warning, .importIncomplete,
                            "expected one of \(keys.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(present[0])\" and \"\(key)\"; \"\(present[0])\" was imported",
                            at: values[key]?.keyLocation ?? root.location))
                }
            }
        }
        let leftOut = entries.filter { !imported.contains($0.key) && provider.format != .googleServiceInfo }
        for entry in leftOut {
            diagnostics.append(
                Diagnostic(
                    .note, .importIncomplete,
                    "\"\(entry.key)\" has no quirk-file equivalent and was not imported", at: entry.keyLocation))
        }
        return (provider, diagnostics)
    }

    // Okta.plist keys, the older spelling first.
    static let oktaIssuer = ["issuer", "issuer_url"]
    static let oktaClientID = ["clientId", "client_id"]
    static let oktaRedirectURI = ["redirectUri", "redirect_uri"]
    static let oktaScopes = ["scopes", "scope"]
}
