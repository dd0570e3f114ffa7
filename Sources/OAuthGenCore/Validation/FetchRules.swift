import OAuthPolicy

/// What a document fetched from a provider must be before it is pinned: asked for at an issuer the
/// runtime would accept, and naming that issuer exactly.
package enum FetchRules {
    /// The issuer given on the command line, by the runtime's endpoint rule (`EndpointRule`):
    /// https, or http on a loopback literal when the caller allows it.
    package static func issuerArgument(_ issuer: String, allowInsecureLoopback: Bool) -> Diagnostic? {
        refusal(of: issuer, allowInsecureLoopback: allowInsecureLoopback).map { refusal in
            switch refusal {
            case .unparsable(let error):
                Diagnostic(
                    .error, .fetchIssuerInvalid,
                    "expected the issuer to be an absolute https URL: \(error), found '\(issuer)'", at: nil)
            case .loopbackWithoutFlag:
                Diagnostic(
                    .error, .fetchIssuerInvalid,
                    "expected https, found http on a loopback host; pass --allow-insecure-loopback for a local server",
                    at: nil)
            case .insecure:
                Diagnostic(.error, .fetchIssuerInvalid, "expected an https issuer, found '\(issuer)'", at: nil)
            }
        }
    }

    /// A URL the resource walk is about to GET, by the same rule: the resource and its metadata's
    /// location under `fetch-resource-invalid`, the authorization server's metadata (derived from
    /// its issuer) under `fetch-issuer-invalid`.
    package static func serverArgument(
        _ url: String, target: ResourceDiscoveryWalk.Target, allowInsecureLoopback: Bool
    ) -> Diagnostic? {
        let rule: RuleID = target == .serverMetadata ? .fetchIssuerInvalid : .fetchResourceInvalid
        return refusal(of: url, allowInsecureLoopback: allowInsecureLoopback).map { refusal in
            switch refusal {
            case .unparsable:
                Diagnostic(.error, rule, "expected the \(target) to be an absolute https URL, found '\(url)'", at: nil)
            case .loopbackWithoutFlag:
                Diagnostic(
                    .error, rule,
                    "expected the \(target) to use https, found http on a loopback host; pass --allow-insecure-loopback for a local server",
                    at: nil)
            case .insecure: Diagnostic(.error, rule, "expected the \(target) to use https, found '\(url)'", at: nil)
            }
        }
    }

    /// Why the endpoint rule refuses `text`, or `nil` when it accepts it.
    private enum Refusal {
        case unparsable(ServerURLError)
        case loopbackWithoutFlag
        case insecure
    }

    private static func refusal(of text: String, allowInsecureLoopback: Bool) -> Refusal? {
        let parsed: ServerURL
        do {
            parsed = try ServerURL(parsing: text)
        } catch {
            return .unparsable(error)
        }
        switch EndpointRule.verdict(for: parsed) {
        case .secure: return nil
        case .insecureLoopback: return allowInsecureLoopback ? nil : .loopbackWithoutFlag
        case .refused: return .insecure
        }
    }

    /// OIDC Discovery §4.3, RFC 8414 §3.3: the document's `issuer` equals the one it was fetched for.
    /// An error at `code_challenge_methods_supported` (or the document, when it is missing)
    /// when a protected resource's authorization server does not list `S256`: the runtime's
    /// resource session refuses to sign in there (`ResourceDiscoveryPlan.pkceRefusal`).
    package static func resourceServerWithoutS256(in document: JSONValue, issuer: String) -> Diagnostic? {
        let member = document.members?.first { $0.name == "code_challenge_methods_supported" }
        let methods = member.map { value -> [String] in
            guard case .array(let elements) = value.value.kind else { return [] }
            return elements.compactMap(\.stringValue)
        }
        guard let refusal = ResourceDiscoveryPlan.pkceRefusal(codeChallengeMethods: methods, issuer: issuer) else {
            return nil
        }
        return Diagnostic(.error, .discoveryNoS256, refusal, at: member?.value.location ?? document.location)
    }

    package static func issuerMismatch(in document: JSONValue, expected: String) -> Diagnostic? {
        let found = document.members?.first { $0.name == "issuer" }
        guard let found, found.value.stringValue == expected else {
            return Diagnostic(
                .error, .discoveryIssuerMismatch,
                "expected the document's issuer to equal \"\(expected)\" exactly, found \(found?.value.stringValue.map { "\"\($0)\"" } ?? "none")",
                at: found?.value.location ?? document.location)
        }
        return nil
    }
}
