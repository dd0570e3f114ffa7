import Foundation

/// An issuer with placeholders that are only known at run time.
///
/// Microsoft Entra's multi-tenant discovery document names its issuer
/// `https://login.microsoftonline.com/{tenantid}/v2.0`; each ID token carries the real tenant in
/// its `tid` claim. The runtime resolves the placeholder from that claim and then compares exactly.
public struct IssuerTemplate: Sendable, Hashable, Codable {
    /// The placeholders in the issuer, each with the ID token claim that supplies its value.
    public var placeholders: [Placeholder]

    /// One `{name}` placeholder in the issuer.
    public struct Placeholder: Sendable, Hashable, Codable {
        /// The text between the braces, e.g. `tenantid`.
        public var name: String
        /// The ID token claim whose value replaces it, e.g. `tid`.
        public var claim: String

        /// A placeholder and the claim that fills it.
        public init(name: String, claim: String) {
            self.name = name
            self.claim = claim
        }
    }

    /// A template with its placeholders.
    public init(placeholders: [Placeholder]) {
        self.placeholders = placeholders
    }

    /// Replaces every placeholder in `issuer` with the value of its claim; `nil` when a claim is missing
    /// or its value would change the issuer's structure (it contains `/`, `?`, `#`, `{` or `}`).
    public func resolve(_ issuer: String, claims: [String: String]) -> String? {
        var resolved = issuer
        for placeholder in placeholders {
            guard let value = claims[placeholder.claim], Self.isPlaceholderValue(value[...]) else { return nil }
            resolved = resolved.replacingOccurrences(of: "{\(placeholder.name)}", with: value)
        }
        return resolved
    }

    /// What a placeholder may stand for: a non-empty run within one path segment or host label's
    /// worth of URL, without `/`, `?`, `#`, `{`, `}` or `@`, which would change the issuer's
    /// structure. One rule for the ID token's `iss` and the callback's (RFC 9207).
    static func isPlaceholderValue(_ value: Substring) -> Bool {
        !value.isEmpty && !value.contains(where: { "/?#{}@".contains($0) })
    }

    /// Whether `found` is `template` with each `{placeholder}` standing for a value
    /// ``isPlaceholderValue(_:)`` allows and every other character the same: the shape check of
    /// an authorization response's `iss` (RFC 9207) before the ID token names the real value.
    /// A prefix and a suffix alone let `https://login.microsoftonline.com/a/b/../c?x#/v2.0` pass.
    static func matches(_ found: String, template: String) -> Bool {
        var parts: [(literal: Substring, placeholder: Bool)] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            parts.append((rest[..<open], false))
            parts.append(("", true))
            rest = rest[rest.index(after: close)...]
        }
        parts.append((rest, false))
        func match(_ text: Substring, _ index: Int) -> Bool {
            guard index < parts.count else { return text.isEmpty }
            let part = parts[index]
            if !part.placeholder {
                guard text.hasPrefix(part.literal) else { return false }
                return match(text.dropFirst(part.literal.count), index + 1)
            }
            // The shortest value that lets the rest match; values never hold a separator, so
            // this is linear in practice.
            var end = text.startIndex
            while end < text.endIndex {
                end = text.index(after: end)
                let value = text[..<end]
                guard isPlaceholderValue(value) else { return false }
                if match(text[end...], index + 1) { return true }
            }
            return false
        }
        return match(found[...], 0)
    }
}
