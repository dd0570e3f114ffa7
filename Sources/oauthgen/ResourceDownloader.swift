import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthFetch
import OAuthGenCLI
import OAuthGenCore
import OAuthPolicy

/// `init --resource`: the resource's metadata and its authorization server's, found as the
/// runtime's `ResourceDiscovery` finds them (`ResourceDiscoveryPlan`) and checked by the build's
/// rules before anything is pinned. Findings are printed at the fetched URL's line and column;
/// any error ends the command.
enum ResourceDownloader {
    struct Found {
        /// The resource's metadata as fetched, and where from.
        var resourceMetadata: JSONValue
        var resourceMetadataURL: String
        /// The authorization server's metadata, and whether it is an OpenID Connect document.
        var authorizationServer: JSONValue
        var isOpenIDConnect: Bool
        var issuer: String
        /// The 401's `scope`, if it named any.
        var challengeScopes: [String]
        /// The resource's `scopes_supported`, without `offline_access` (a server's matter, SEP-2207).
        var resourceScopes: [String]
    }

    static func fetch(resource: String, allowInsecureLoopback: Bool) async throws -> Found {
        if let refused = FetchRules.serverArgument(resource, name: "protected resource", allowInsecureLoopback: allowInsecureLoopback) {
            DiagnosticPrinter.printText([refused])
            throw ExitCode.failure
        }
        // An unauthenticated request: a 401 may name the metadata (RFC 9728 §5.1).
        let probe = try await get(resource)
        let challenge = probe.status == 401
            ? WWWAuthenticate.challenges(inFieldLines: [probe.header("WWW-Authenticate") ?? ""]).first(where: \.isAccessTokenChallenge)
            : nil
        guard let candidates = ResourceDiscoveryPlan.metadataCandidates(resource: resource, named: challenge?.resourceMetadata) else {
            throw DiscoveryDownloader.fail("expected the protected resource to be an https URL, found '\(resource)'", rule: .fetchIssuerInvalid)
        }
        var tried: [String] = []
        for candidate in candidates {
            if let refused = FetchRules.serverArgument(candidate.url, name: "protected resource metadata", allowInsecureLoopback: allowInsecureLoopback) {
                DiagnosticPrinter.printText([refused])
                throw ExitCode.failure
            }
            let response = try await get(candidate.url)
            guard response.status == 200 else {
                tried.append("HTTP \(response.status) at \(candidate.url)")
                continue
            }
            let bytes = [UInt8](response.body)
            let (document, loading) = ProtectedResourceLoader.load(bytes, file: candidate.url)
            var findings = loading
            if let document {
                let expected = ResourceDiscoveryPlan.expectedResource(for: candidate, stated: document.resource?.value)
                findings += ProtectedResourceRules.documentFindings(document, expectedResource: expected, allowInsecureLoopback: allowInsecureLoopback)
            }
            DiagnosticPrinter.printText(findings)
            guard let document, !findings.containsErrors, let value = JSONReader.read(bytes, file: candidate.url).value,
                  let issuer = document.authorizationServers?.value.first?.value else { throw ExitCode.failure }
            let (server, isOpenID) = try await authorizationServer(issuer, allowInsecureLoopback: allowInsecureLoopback)
            return Found(resourceMetadata: value, resourceMetadataURL: candidate.url, authorizationServer: server, isOpenIDConnect: isOpenID,
                         issuer: issuer, challengeScopes: challenge?.scopes ?? [],
                         resourceScopes: (document.scopesSupported?.value.map(\.value) ?? []).filter { $0 != "offline_access" })
        }
        throw DiscoveryDownloader.fail("expected protected resource metadata (RFC 9728) for \(resource), found \(tried.joined(separator: "; "))")
    }

    /// The first of the server's metadata locations that answers 200, naming `issuer` exactly.
    private static func authorizationServer(_ issuer: String, allowInsecureLoopback: Bool) async throws -> (JSONValue, isOpenIDConnect: Bool) {
        if let refused = FetchRules.issuerArgument(issuer, allowInsecureLoopback: allowInsecureLoopback) {
            DiagnosticPrinter.printText([refused])
            throw ExitCode.failure
        }
        guard let parsed = try? ServerURL(parsing: issuer) else { throw DiscoveryDownloader.fail("expected an issuer URL, found '\(issuer)'", rule: .fetchIssuerInvalid) }
        var tried: [String] = []
        for location in ResourceDiscoveryPlan.authorizationServerLocations(issuer: parsed) {
            let response = try await get(location.url)
            guard response.status == 200 else {
                tried.append("HTTP \(response.status) at \(location.url)")
                continue
            }
            let read = JSONReader.read([UInt8](response.body), file: location.url)
            DiagnosticPrinter.printText(read.diagnostics)
            guard let document = read.value, !read.diagnostics.containsErrors else { throw ExitCode.failure }
            if let mismatch = FetchRules.issuerMismatch(in: document, expected: issuer) {
                DiagnosticPrinter.printText([mismatch])
                throw ExitCode.failure
            }
            if let refusal = FetchRules.resourceServerWithoutS256(in: document, issuer: issuer) {
                DiagnosticPrinter.printText([refusal])
                throw ExitCode.failure
            }
            return (document, location.isOpenIDConnect)
        }
        throw DiscoveryDownloader.fail("expected authorization server metadata for \(issuer) (RFC 8414, OpenID Connect Discovery), found \(tried.joined(separator: "; "))")
    }

    private static func get(_ text: String) async throws -> ServerFetch.Response {
        guard let url = URL(string: text) else { throw DiscoveryDownloader.fail("expected a URL, found '\(text)'") }
        return try await DiscoveryDownloader.get(url, document: "a document")
    }
}
