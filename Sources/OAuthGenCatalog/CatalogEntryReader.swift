import OAuthGenCore

/// Reads a catalog entry's property list, with a located finding for each thing that is wrong.
enum CatalogEntryReader {
    static let keys = [
        "displayName", "summary", "issuer", "documentIssuer", "authorizationServer", "parameters", "redirects",
        "needsSecret", "quirks", "sources", "runtime", "nativeSSO",
    ]

    /// Keys of a quirk template that are registration, not deviation, so need no source.
    static let registrationKeys: Set<String> = ["name", "defaultScopes"]

    static func read(
        _ bytes: [UInt8], id: String, file: String, pinnedDiscovery: [UInt8]?
    ) -> (CatalogEntry?, [Diagnostic]) {
        let result = PlistReader.read(bytes, file: file)
        var diagnostics = result.diagnostics
        guard let root = result.value else { return (nil, diagnostics) }
        guard let entries = root.entries else {
            return (
                nil,
                diagnostics + [
                    invalid(
                        "expected a <dict> at the top of a catalog entry, found \(root.typeDescription)",
                        at: root.location)
                ]
            )
        }
        var values: [String: PlistEntry] = [:]
        for entry in entries {
            if !keys.contains(entry.key) {
                let hint = Suggestion.closest(to: entry.key, among: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                diagnostics.append(
                    invalid(
                        "expected one of \(keys.joined(separator: ", ")), found the key \"\(entry.key)\"\(hint)",
                        at: entry.keyLocation))
            }
            values[entry.key] = entry
        }
        func string(_ key: String, required: Bool) -> String? {
            guard let entry = values[key] else {
                if required {
                    diagnostics.append(invalid("expected the key \"\(key)\", found none", at: root.location))
                }
                return nil
            }
            guard let text = entry.value.stringValue, !text.isEmpty else {
                diagnostics.append(
                    invalid(
                        "expected \"\(key)\" to be a non-empty <string>, found \(entry.value.typeDescription)",
                        at: entry.value.location))
                return nil
            }
            return text
        }
        let displayName = string("displayName", required: true)
        let summary = string("summary", required: true)
        let issuer = string("issuer", required: false)
        let documentIssuer = string("documentIssuer", required: false)
        let authorizationServer = string("authorizationServer", required: false)
        if issuer != nil, authorizationServer != nil, let entry = values["authorizationServer"] {
            diagnostics.append(
                invalid("expected either \"issuer\" or \"authorizationServer\", found both", at: entry.keyLocation))
        }

        var parameters: [CatalogEntry.Parameter] = []
        if let entry = values["parameters"] {
            if let items = entry.value.entries {
                for item in items {
                    let fields = Dictionary(
                        (item.value.entries ?? []).map { ($0.key, $0.value.stringValue) },
                        uniquingKeysWith: { first, _ in first })
                    guard let description = fields["description"] ?? nil, let example = fields["example"] ?? nil else {
                        diagnostics.append(
                            invalid(
                                "expected \"\(item.key)\" to be a <dict> with a \"description\" and an \"example\" <string>",
                                at: item.value.location))
                        continue
                    }
                    parameters.append(.init(name: item.key, description: description, example: example))
                }
            } else {
                diagnostics.append(
                    invalid(
                        "expected \"parameters\" to be a <dict>, found \(entry.value.typeDescription)",
                        at: entry.value.location))
            }
        }

        var redirects: [CatalogEntry.Redirect] = []
        if let entry = values["redirects"] {
            for item in entry.value.arrayValue ?? [] {
                let fields = Dictionary(
                    (item.entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                guard let name = fields["shape"]?.stringValue, let shape = RedirectShape(rawValue: name) else {
                    diagnostics.append(
                        invalid(
                            "expected a redirect <dict> whose \"shape\" is one of \(RedirectShape.allCases.map(\.rawValue).joined(separator: ", "))",
                            at: item.location))
                    continue
                }
                redirects.append(.init(shape: shape, note: fields["note"]?.stringValue))
            }
            if redirects.isEmpty, entry.value.arrayValue != nil, diagnostics.isEmpty {
                diagnostics.append(
                    invalid("expected at least one redirect shape, found none", at: entry.value.location))
            }
        } else {
            diagnostics.append(invalid("expected the key \"redirects\", found none", at: root.location))
        }

        let needsSecret = values["needsSecret"]?.value.boolValue ?? false
        guard let quirksEntry = values["quirks"], quirksEntry.value.entries != nil else {
            diagnostics.append(
                invalid(
                    "expected \"quirks\", the quirk-file template, as a <dict>",
                    at: values["quirks"]?.value.location ?? root.location))
            return (nil, diagnostics)
        }
        var sources: [String: String] = [:]
        var sourceLocations: [String: SourceLocation] = [:]
        for item in values["sources"]?.value.entries ?? [] {
            sourceLocations[item.key] = item.value.location
            guard let text = item.value.stringValue, !text.isEmpty else {
                diagnostics.append(
                    invalid("expected a one-line <string> source for \"\(item.key)\"", at: item.value.location))
                continue
            }
            sources[item.key] = text
        }
        var runtime: CatalogEntry.Runtime?
        var quirkPaths = sourcedPaths(of: quirksEntry.value)
        if let entry = values["runtime"] {
            runtime = Self.runtime(entry, diagnostics: &diagnostics)
            quirkPaths += runtimeSourcedPaths(entry)
        }
        var nativeSSO: CatalogEntry.NativeSSO?
        if let entry = values["nativeSSO"] {
            nativeSSO = Self.nativeSSO(entry, diagnostics: &diagnostics)
            quirkPaths.append((path: "nativeSSO", location: entry.keyLocation))
        }
        // Every deviation carries where it was learned; a source for nothing is a stale one.
        for (path, location) in quirkPaths where sources[path] == nil {
            diagnostics.append(
                invalid("expected a one-line source for the quirk \"\(path)\" in \"sources\", found none", at: location)
            )
        }
        for item in values["sources"]?.value.entries ?? [] where !quirkPaths.contains(where: { $0.path == item.key }) {
            diagnostics.append(
                invalid(
                    "expected a source only for a quirk of this entry, found one for \"\(item.key)\"",
                    at: item.keyLocation))
        }

        guard !diagnostics.containsErrors, let displayName, let summary else { return (nil, diagnostics) }
        var made =
            CatalogEntry(
                id: id, displayName: displayName, summary: summary, issuer: issuer, documentIssuer: documentIssuer,
                authorizationServer: authorizationServer,
                parameters: parameters, redirects: redirects, needsSecret: needsSecret, quirks: quirksEntry.value,
                sources: sources, sourceLocations: sourceLocations, runtime: runtime, pinnedDiscovery: pinnedDiscovery,
                location: root.location)
        made.nativeSSO = nativeSSO
        return (made, diagnostics)
    }

    /// The key paths that need a source: each top-level key but the registration ones, and
    /// each key inside `tokenResponse` (its flags are separate deviations).
    static func sourcedPaths(of quirks: PlistValue) -> [(path: String, location: SourceLocation)] {
        var paths: [(String, SourceLocation)] = []
        for entry in quirks.entries ?? [] where !registrationKeys.contains(entry.key) {
            if entry.key == "tokenResponse", let nested = entry.value.entries {
                paths += nested.map { ("tokenResponse.\($0.key)", $0.keyLocation) }
            } else {
                paths.append((entry.key, entry.keyLocation))
            }
        }
        return paths
    }

    static func invalid(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, .catalogInvalidEntry, message, at: location)
    }
}
