import OAuthGenCore

// An entry's `runtime`: how a resource session treats the provider's server when it meets one
// at run time. Its deviations are the quirk template's (one vocabulary); what is here is only
// what a quirk file settles by hand: which issuers are the provider's, the loopback host its
// redirects must use, and whether it registers clients at run time.
extension CatalogEntryReader {
    static let runtimeKeys = ["issuerPattern", "loopbackHost", "registrationUnavailable"]
    static let loopbackHosts = ["localhost", "127.0.0.1"]

    /// The entry's `runtime`, or `nil` with a finding at what is wrong.
    static func runtime(_ entry: PlistEntry, diagnostics: inout [Diagnostic]) -> CatalogEntry.Runtime? {
        guard let fields = entry.value.entries else {
            diagnostics.append(
                invalid(
                    "expected \"runtime\" to be a <dict>, found \(entry.value.typeDescription)",
                    at: entry.value.location)
            )
            return nil
        }
        var values: [String: PlistValue] = [:]
        for field in fields {
            guard runtimeKeys.contains(field.key) else {
                diagnostics.append(
                    invalid(
                        "expected one of \(runtimeKeys.joined(separator: ", ")) in \"runtime\", found \"\(field.key)\"",
                        at: field.keyLocation))
                continue
            }
            values[field.key] = field.value
        }
        guard let pattern = values["issuerPattern"]?.stringValue, pattern.hasPrefix("https://") else {
            diagnostics.append(
                invalid(
                    "expected \"runtime\" to name its issuers in \"issuerPattern\", an https URL, found \(values["issuerPattern"].map { $0.stringValue ?? $0.typeDescription } ?? "none")",
                    at: values["issuerPattern"]?.location ?? entry.value.location))
            return nil
        }
        var loopbackHost: String?
        if let host = values["loopbackHost"] {
            guard let text = host.stringValue, loopbackHosts.contains(text) else {
                diagnostics.append(
                    invalid(
                        "expected \"loopbackHost\" to be one of \(loopbackHosts.joined(separator: ", ")), found \(host.stringValue ?? host.typeDescription)",
                        at: host.location))
                return nil
            }
            loopbackHost = text
        }
        return CatalogEntry.Runtime(
            issuerPattern: pattern, loopbackHost: loopbackHost,
            registrationUnavailable: values["registrationUnavailable"]?.boolValue ?? false)
    }

    /// The `runtime` keys that need a source: each but the issuers it names.
    static func runtimeSourcedPaths(_ entry: PlistEntry) -> [(path: String, location: SourceLocation)] {
        (entry.value.entries ?? []).filter { $0.key != "issuerPattern" }.map { ("runtime.\($0.key)", $0.keyLocation) }
    }
}
