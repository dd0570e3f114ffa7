import Foundation

/// Compares a freshly fetched discovery document with the pinned one. What the provider took
/// away (an endpoint, an algorithm, a scope, a response type) is an error: generated clients may
/// rely on it. What it added is a note. Other changed values are warnings.
package enum DriftCheck {
    package static func compare(pinned: JSONValue, fetched: JSONValue, fetchedFrom source: String) -> [Diagnostic] {
        guard let old = pinned.members, let new = fetched.members else {
            return [
                Diagnostic(
                    .error, .driftChanged, "expected both documents to be JSON objects, found otherwise",
                    at: pinned.location)
            ]
        }
        let current = Dictionary(new.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let pinnedNames = Set(old.map(\.name))
        var findings: [Diagnostic] = []
        for member in old {
            guard let now = current[member.name] else {
                let severity: Diagnostic.Severity = isLoadBearing(member.name) ? .error : .warning
                findings.append(
                    Diagnostic(
                        severity, .driftRemoved,
                        "expected \"\(member.name)\" to still be published, found it gone from \(source)",
                        at: member.nameLocation))
                continue
            }
            switch (member.value.kind, now.kind) {
            case (.array(let before), .array(let after)):
                let afterValues = Set(after.compactMap(\.stringValue))
                let beforeValues = Set(before.compactMap(\.stringValue))
                for element in before {
                    guard let text = element.stringValue, !afterValues.contains(text) else { continue }
                    findings.append(
                        Diagnostic(
                            .error, .driftRemoved,
                            "expected \"\(member.name)\" to still list \"\(text)\", found it removed in \(source)",
                            at: element.location))
                }
                let added = after.compactMap(\.stringValue).filter { !beforeValues.contains($0) }
                if !added.isEmpty {
                    findings.append(
                        Diagnostic(
                            .note, .driftAdded,
                            "\"\(member.name)\" now also lists \(added.map { "\"\($0)\"" }.joined(separator: ", ")) in \(source)",
                            at: member.value.location))
                }
            default:
                guard !sameValue(member.value, now) else { continue }
                let severity: Diagnostic.Severity = isLoadBearing(member.name) ? .error : .warning
                findings.append(
                    Diagnostic(
                        severity, .driftChanged,
                        "expected \"\(member.name)\" to be \(display(member.value)), found \(display(now)) in \(source)",
                        at: member.value.location))
            }
        }
        for member in new where !pinnedNames.contains(member.name) {
            findings.append(
                Diagnostic(
                    .note, .driftAdded, "\(source) now also publishes \"\(member.name)\": \(display(member.value))",
                    at: pinned.location))
        }
        return findings
    }

    /// Members a generated client uses: losing or changing them breaks sign-in.
    static func isLoadBearing(_ name: String) -> Bool {
        name == "issuer" || name == "jwks_uri" || name.hasSuffix("_endpoint")
    }

    static func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
        PinnedJSONWriter.write(a) == PinnedJSONWriter.write(b)
    }

    static func display(_ value: JSONValue) -> String {
        let text = PinnedJSONWriter.write(value).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 120 ? String(text.prefix(117)) + "…" : text
    }
}
