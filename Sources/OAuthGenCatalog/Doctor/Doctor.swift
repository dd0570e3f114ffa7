import OAuthPolicy
import Foundation
import OAuthGenCore

/// `oauthgen doctor`'s stage: loaded providers, the catalog and the platforms in; one
/// diagnosis per provider out. It reads the quirk files again for their keys' locations, so
/// every quirk it lists points at its line.
package enum Doctor {
    /// Keys of a quirk file that register the app rather than describe the provider (scopes,
    /// claims and userinfo members are the provider's: the catalog sources them too).
    static let registrationKeys: Set<String> = CatalogEntryReader.registrationKeys.union([
        "issuer", "clientID", "redirectURIs",
    ])

    /// A diagnosis for each provider, in name order.
    ///
    /// - Parameters:
    ///   - providers: the providers as the validator loaded them.
    ///   - findings: the validator's findings for them.
    ///   - catalog: the catalog to explain them with.
    ///   - registeredSchemes: the schemes an `Info.plist` registers, `nil` if none was given.
    package static func diagnose(
        _ providers: [LoadedProvider], findings: [Diagnostic], catalog: Catalog,
        registeredSchemes: Set<String>?
    ) -> [ProviderDiagnosis] {
        providers.sorted { $0.name < $1.name }.map { provider in
            diagnose(provider, findings: findings, catalog: catalog, registeredSchemes: registeredSchemes)
        }
    }

    static func diagnose(
        _ provider: LoadedProvider, findings: [Diagnostic], catalog: Catalog, registeredSchemes: Set<String>?
    ) -> ProviderDiagnosis {
        let files = provider.input.paths
        let entry = match(provider, in: catalog)
        let set = quirkEntries(provider)
        let quirks = set.map { path, value, location in
            ProviderDiagnosis.Quirk(
                path: path, value: value, location: location, source: entry?.sources[path],
                sourceLocation: entry?.sourceLocations[path])
        }
        var catalogOnly: [ProviderDiagnosis.Quirk] = []
        if let entry {
            let paths = Set(set.map(\.path))
            for (path, location) in CatalogEntryReader.sourcedPaths(of: entry.quirks) where !paths.contains(path) {
                catalogOnly.append(
                    .init(
                        path: path, value: describe(value(at: path, in: entry.quirks)), location: location,
                        source: entry.sources[path], sourceLocation: entry.sourceLocations[path]))
            }
        }
        let redirects = provider.redirects.map { redirect -> ProviderDiagnosis.Redirect in
            let (uri, kind) = (redirect.uri, redirect.report.kind)
            let allowed = entry?.redirects.first { $0.shape.kind == kind }
            return .init(
                uri: uri.value, location: uri.location, kind: kind,
                allowedByProvider: entry.map { _ in allowed != nil }, note: allowed?.note)
        }
        var schemes: [ProviderDiagnosis.Scheme] = []
        for redirect in redirects where redirect.kind == .privateUseScheme {
            guard let scheme = redirect.uri.split(separator: ":", maxSplits: 1).first.map({ $0.lowercased() }),
                !schemes.contains(where: { $0.scheme == scheme })
            else { continue }
            schemes.append(.init(scheme: scheme, registered: registeredSchemes.map { $0.contains(scheme) }))
        }
        let metadata: String
        if let path = provider.input.discoveryPath {
            metadata = "pinned in \(path)"
        } else if provider.quirks?.endpoints.authorization != nil {
            metadata = "the quirk file's endpoints (no discovery document)"
        } else {
            metadata = "none: pin it with oauthgen fetch"
        }
        return ProviderDiagnosis(
            name: provider.name, quirkFile: provider.input.quirksPath, metadata: metadata, catalogEntry: entry?.id,
            quirks: quirks, catalogOnly: catalogOnly, redirects: redirects, schemes: schemes,
            findings: findings.filter { finding in files.contains { $0 == finding.location?.file } }
                + SignOutRules.check(provider))
    }

    /// The entry named like the provider, or whose issuer is the provider's document's.
    static func match(_ provider: LoadedProvider, in catalog: Catalog) -> CatalogEntry? {
        if let entry = try? catalog.entry(named: provider.name) { return entry }
        guard let issuer = provider.discovery?.issuer?.value else { return nil }
        return catalog.entries.first { entry in
            entry.issuer == issuer || entry.authorizationServer == issuer
        }
    }

    /// The quirk file's deviations: each top-level key but the registration ones, and each
    /// `tokenResponse` flag, with its value and location.
    static func quirkEntries(_ provider: LoadedProvider) -> [(path: String, value: String, location: SourceLocation)] {
        guard let path = provider.input.quirksPath, let bytes = FileManager.default.contents(atPath: path),
            let root = PlistReader.read(Array(bytes), file: path).value
        else { return [] }
        var result: [(String, String, SourceLocation)] = []
        for entry in root.entries ?? [] where !registrationKeys.contains(entry.key) {
            if entry.key == "tokenResponse", let nested = entry.value.entries {
                result += nested.map { ("tokenResponse.\($0.key)", describe($0.value), $0.keyLocation) }
            } else {
                result.append((entry.key, describe(entry.value), entry.keyLocation))
            }
        }
        return result
    }

    static func value(at path: String, in quirks: PlistValue) -> PlistValue? {
        var current: PlistValue? = quirks
        for key in path.split(separator: ".") {
            current = current?.entries?.first { $0.key == key }?.value
        }
        return current
    }

    /// A value on one line: strings quoted, dictionaries as `key = value` pairs.
    static func describe(_ value: PlistValue?) -> String {
        guard let value else { return "" }
        switch value.kind {
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let text), .real(let text), .date(let text), .data(let text): return text
        case .array(let items): return "[" + items.map { describe($0) }.joined(separator: ", ") + "]"
        case .dictionary(let entries):
            return entries.map { "\($0.key) = \(describe($0.value))" }.joined(separator: ", ")
        }
    }
}
