import OAuthGenCore
import OAuthPolicy

/// A provider's discovery document for `oauthgen fetch`, `import --fetch-discovery` and `init`:
/// asked for at an issuer the runtime would accept, read with locations, and naming that issuer
/// exactly.
package enum DiscoveryDocumentFetch {
    /// Which document: OpenID Connect Discovery or RFC 8414 authorization server metadata.
    package enum Kind: String, CaseIterable, Sendable {
        case openid, oauth
    }

    /// What was fetched: the document, and the URL it came from.
    package struct Fetched {
        package var document: JSONValue
        package var source: String
    }

    /// The document of `kind` for `issuer`, whose `issuer` member must be `expectedIssuer`
    /// (`issuer` itself by default).
    package static func fetch(
        issuer: String, kind: Kind, expectedIssuer: String?, allowInsecureLoopback: Bool,
        downloader: DocumentDownloader
    ) async -> FetchReport<Fetched> {
        // The runtime's rule: what `fetch` pins is what a client will accept.
        if let refused = FetchRules.issuerArgument(issuer, allowInsecureLoopback: allowInsecureLoopback) {
            return FetchReport(value: nil, diagnostics: [refused])
        }
        let location =
            kind == .openid
            ? WellKnownLocation.openIDConfiguration(forIssuer: issuer)
            : WellKnownLocation.authorizationServerMetadata(forIssuer: issuer)
        guard let location else {
            return FetchReport(
                value: nil,
                diagnostics: FetchStop("expected a usable issuer URL, found '\(issuer)'", rule: .fetchIssuerInvalid)
                    .diagnostics)
        }
        let bytes: [UInt8]
        do {
            bytes = try await downloader.download(location, document: "a discovery document")
        } catch {
            return FetchReport(value: nil, diagnostics: error.diagnostics)
        }
        let read = JSONReader.read(bytes, file: location)
        guard let document = read.value, !read.diagnostics.containsErrors else {
            return FetchReport(value: nil, diagnostics: read.diagnostics)
        }
        let mismatch = FetchRules.issuerMismatch(in: document, expected: expectedIssuer ?? issuer)
        return FetchReport(
            value: Fetched(document: document, source: location),
            diagnostics: read.diagnostics + (mismatch.map { [$0] } ?? []))
    }
}
