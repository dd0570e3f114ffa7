import OAuthPolicy
import OAuthGenCore

/// `oauthgen init`'s stage: a catalog entry and the team's values in, a quirk file out.
package enum CatalogInitializer {
    /// What the team supplies.
    package struct Values: Sendable, Hashable {
        /// The client ID the provider issued for the app.
        package var clientID: String?
        /// Redirect URIs to register instead of derived ones.
        package var redirectURIs: [String]
        /// The app's bundle ID, for a private-use scheme.
        package var bundleID: String?
        /// The entry's parameters (`--set NAME=VALUE`).
        package var parameters: [String: String]
        /// The family of apps the app shares its sign-in with (`--family-access-group`,
        /// `--family-client-id`), for a provider the catalog knows to support Native SSO.
        package var family: Family?

        /// The values for an entry.
        package init(
            clientID: String? = nil, redirectURIs: [String] = [], bundleID: String? = nil,
            parameters: [String: String] = [:], family: Family? = nil
        ) {
            self.clientID = clientID
            self.redirectURIs = redirectURIs
            self.bundleID = bundleID
            self.parameters = parameters
            self.family = family
        }
    }

    /// A family of apps: the Keychain access group they share, and their client IDs.
    package struct Family: Sendable, Hashable {
        package var keychainAccessGroup: String
        package var clientIDs: [String]

        package init(keychainAccessGroup: String, clientIDs: [String]) {
            self.keychainAccessGroup = keychainAccessGroup
            self.clientIDs = clientIDs
        }
    }

    /// What `init` writes for an entry.
    package struct Output: Sendable, Hashable {
        /// The quirk file's text.
        package var quirkFile: String
        /// The issuer (or RFC 8414 authorization server) with the team's values, to fetch from.
        package var metadataIssuer: String?
        /// The issuer the fetched document must name, when it is not ``metadataIssuer``.
        package var documentIssuer: String?
        /// The redirect URIs the quirk file registers.
        package var redirectURIs: [String]
    }

    /// The quirk file for `entry` with `values`, and findings: errors for what is missing or
    /// not allowed (then no output), notes for what the team should know.
    package static func quirkFile(for entry: CatalogEntry, values: Values) -> (Output?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let clientID = values.clientID.flatMap { $0.isEmpty ? nil : $0 }
        if clientID == nil {
            diagnostics.append(
                Diagnostic(
                    .error, .catalogMissingValue,
                    "expected the client ID \(entry.displayName) issued for the app (--client-id), found none", at: nil)
            )
        }
        var substitutions = ["clientID": clientID ?? ""]
        for parameter in entry.parameters {
            if let value = values.parameters[parameter.name], !value.isEmpty {
                substitutions[parameter.name] = value
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, .catalogMissingValue,
                        "expected --set \(parameter.name)=…, \(parameter.description) (such as \(parameter.example)), found none",
                        at: nil))
            }
        }
        for name in values.parameters.keys.sorted() where !entry.parameters.contains(where: { $0.name == name }) {
            let known = entry.parameters.map(\.name)
            let hint = Suggestion.closest(to: name, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            diagnostics.append(
                Diagnostic(
                    .error, .catalogMissingValue,
                    "expected --set to name one of \(entry.id)'s values (\(known.isEmpty ? "it takes none" : known.joined(separator: ", "))), found \"\(name)\"\(hint)",
                    at: nil))
        }

        if values.family != nil, entry.nativeSSO == nil {
            diagnostics.append(
                Diagnostic(
                    .error, .catalogNativeSSOUnsupported,
                    "expected a provider the catalog knows to sign a family of apps in (OpenID Connect Native SSO) for --family-access-group, found \(entry.displayName) without a source saying so",
                    at: nil))
        }
        let redirectURIs = redirects(for: entry, values: values, clientID: clientID, diagnostics: &diagnostics)
        if entry.needsSecret {
            diagnostics.append(
                Diagnostic(
                    .warning, .catalogAdvice,
                    "\(entry.displayName) refuses clients without a secret, and an app cannot keep one (RFC 8252 §8.5): exchange codes on your server (BackendCodeExchange)",
                    at: nil))
        }
        guard !diagnostics.containsErrors else { return (nil, diagnostics) }

        var unresolved: [String] = []
        let substitute = { (text: String) -> String in
            let (result, unknown) = Self.substituting(substitutions, in: text)
            if unknown { unresolved.append(text) }
            return result
        }
        let issuer = entry.issuer.map(substitute)
        let metadataIssuer = issuer ?? entry.authorizationServer.map(substitute)
        var written: [QuirkFileWriter.Entry] = []
        for item in entry.quirks.entries ?? [] where item.key == "name" {
            written.append(.init(key: "name", value: substituted(item.value.kind, substitute)))
        }
        written.append(.init(key: "clientID", value: .string(clientID ?? "")))
        written.append(
            .init(
                key: "redirectURIs",
                value: .array(redirectURIs.map { PlistValue(kind: .string($0), location: entry.location) })))
        for item in entry.quirks.entries ?? [] where item.key != "name" {
            let comment = item.key == "tokenResponse" ? nil : entry.sources[item.key]
            let kind = substituted(item.value.kind, substitute)
            if item.key == "tokenResponse", case .dictionary(let nested) = kind {
                // Each flag's own source, in the comment before the dictionary.
                let lines = nested.compactMap { flag in
                    entry.sources["tokenResponse.\(flag.key)"].map { "\(flag.key): \($0)" }
                }
                written.append(
                    .init(key: item.key, value: .dictionary(nested), comment: lines.joined(separator: " · ")))
                continue
            }
            written.append(.init(key: item.key, value: kind, comment: comment))
        }
        if let family = values.family, let support = entry.nativeSSO {
            written.append(Self.familyEntry(family, clientID: clientID ?? "", support: support, of: entry))
        }
        guard unresolved.isEmpty else {
            return (
                nil,
                diagnostics + [
                    Diagnostic(
                        .error, .catalogInvalidEntry,
                        "expected every placeholder of the entry to be a parameter, found \(unresolved.map { "\"\($0)\"" }.joined(separator: ", "))",
                        at: entry.location)
                ]
            )
        }
        let header =
            "Written by `oauthgen init \(entry.id)` from oauthgen's catalog; each quirk's comment says where it was learned."
        let text = QuirkFileWriter.text(written, header: header)
        return (
            Output(
                quirkFile: text, metadataIssuer: metadataIssuer,
                documentIssuer: entry.documentIssuer.map(substitute), redirectURIs: redirectURIs), diagnostics
        )
    }

    /// The quirk file's `nativeSSO`: the family's group and members (the app's own client ID among
    /// them), and the provider's device-secret token type where it is not the draft's.
    private static func familyEntry(
        _ family: Family, clientID: String, support: CatalogEntry.NativeSSO, of entry: CatalogEntry
    ) -> QuirkFileWriter.Entry {
        func value(_ kind: PlistValue.Kind) -> PlistValue { PlistValue(kind: kind, location: entry.location) }
        let members = family.clientIDs.contains(clientID) ? family.clientIDs : [clientID] + family.clientIDs
        var fields = [
            PlistEntry(
                key: "keychainAccessGroup", keyLocation: entry.location,
                value: value(.string(family.keychainAccessGroup))),
            PlistEntry(
                key: "familyClientIDs", keyLocation: entry.location,
                value: value(.array(members.map { value(.string($0)) }))),
        ]
        if let type = support.deviceSecretTokenType {
            fields.append(
                PlistEntry(key: "deviceSecretTokenType", keyLocation: entry.location, value: value(.string(type))))
        }
        return .init(key: "nativeSSO", value: .dictionary(fields), comment: entry.sources["nativeSSO"])
    }

    /// The redirect URIs to register: the team's, each of a kind the provider allows, or the
    /// first the provider prefers that can be derived from what was given.
    private static func redirects(
        for entry: CatalogEntry, values: Values, clientID: String?, diagnostics: inout [Diagnostic]
    ) -> [String] {
        let allowed = entry.redirects
        if !values.redirectURIs.isEmpty {
            for uri in values.redirectURIs {
                let kind = RedirectURIChecker.check(uri).kind
                if let redirect = allowed.first(where: { $0.shape.kind == kind }) {
                    if let note = redirect.note {
                        diagnostics.append(
                            Diagnostic(
                                .note, .catalogAdvice,
                                "\(entry.displayName), \(redirect.shape.rawValue) redirects: \(note)", at: nil))
                    }
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .error, .catalogRedirectNotAllowed,
                            "expected a redirect of a kind \(entry.displayName) allows native apps (\(allowed.map(\.shape.rawValue).joined(separator: ", "))), found \(uri), a \(kind.rawValue) URI",
                            at: nil))
                }
            }
            return values.redirectURIs
        }
        var gaps: [String] = []
        for redirect in allowed {
            switch redirect.shape.derive(provider: entry.id, clientID: clientID, bundleID: values.bundleID) {
            case .success(let uri):
                if let note = redirect.note {
                    diagnostics.append(
                        Diagnostic(
                            .note, .catalogAdvice,
                            "\(entry.displayName), \(redirect.shape.rawValue) redirects: \(note)", at: nil))
                }
                return [uri]
            case .failure(let gap):
                gaps.append("\(redirect.shape.rawValue) needs \(gap.needs)")
            }
        }
        if clientID != nil {
            diagnostics.append(
                Diagnostic(
                    .error, .catalogMissingValue,
                    "expected what one of \(entry.displayName)'s redirects needs, found none: \(gaps.joined(separator: "; "))",
                    at: nil))
        }
        return []
    }

    /// `text` with each `${name}` replaced by its value, in one pass: a value that itself holds
    /// `${…}` is the team's text and stays as given. `unknown` when a placeholder has no value.
    static func substituting(_ values: [String: String], in text: String) -> (text: String, unknown: Bool) {
        var result = ""
        var rest = Substring(text)
        var unknown = false
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                unknown = true
                result += rest[start.lowerBound...]
                return (result, unknown)
            }
            let name = String(rest[start.upperBound..<end])
            if let value = values[name] {
                result += value
            } else {
                unknown = true
                result += rest[start.lowerBound...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return (result + rest, unknown)
    }

    /// `kind` with `substitute` applied to every string in it.
    private static func substituted(_ kind: PlistValue.Kind, _ substitute: (String) -> String) -> PlistValue.Kind {
        switch kind {
        case .string(let text): .string(substitute(text))
        case .array(let items):
            .array(items.map { PlistValue(kind: substituted($0.kind, substitute), location: $0.location) })
        case .dictionary(let entries):
            .dictionary(
                entries.map {
                    PlistEntry(
                        key: $0.key, keyLocation: $0.keyLocation,
                        value: PlistValue(kind: substituted($0.value.kind, substitute), location: $0.value.location))
                })
        default: kind
        }
    }
}
