import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthFetch
import OAuthGenCLI
import OAuthGenCore
import OAuthPolicy

/// `init --resource`: the resource's metadata and its authorization server's, found by the one
/// walk the runtime's `ResourceDiscovery` takes too (`ResourceDiscoveryWalk`), with this tool's
/// fetch and its checks: the build's rules, each finding printed at the fetched URL's line and
/// column, before anything is pinned. Any error ends the command.
enum ResourceDownloader {
    struct Found {
        /// The resource's metadata as fetched, and where from.
        var resourceMetadata: JSONValue
        var resourceMetadataURL: String
        /// The authorization server's metadata, and whether it is an OpenID Connect document.
        var authorizationServer: JSONValue
        var isOpenIDConnect: Bool
        var issuer: String
        /// The scopes a first sign-in asks for, as the runtime's resource session would
        /// (`ResourceDiscoveryPlan.signInScopes`).
        var signInScopes: [String]
        /// Whether the 401 named them (else they are the resource's `scopes_supported`).
        var scopesFromChallenge: Bool
    }

    /// The resource's metadata document, as read and where from.
    private struct ReadMetadata {
        var value: JSONValue
        var url: String
        var scopes: [String]
    }

    static func fetch(resource: String, allowInsecureLoopback: Bool) async throws -> Found {
        let found = try await ResourceDiscoveryWalk.walk(
            resource: resource,
            fetch: { (url: String, target: ResourceDiscoveryWalk.Target) async throws -> ResourceDiscoveryWalk.Answer in
                if let refused = FetchRules.serverArgument(url, target: target, allowInsecureLoopback: allowInsecureLoopback) {
                    DiagnosticPrinter.printText([refused])
                    throw ExitCode.failure
                }
                let response = try await get(url)
                return ResourceDiscoveryWalk.Answer(status: response.status, body: [UInt8](response.body), wwwAuthenticate: response.header("WWW-Authenticate"))
            },
            readMetadata: { (candidate, bytes) throws -> (metadata: ReadMetadata, issuer: String) in
                let (document, loading) = ProtectedResourceLoader.load(bytes, file: candidate.url)
                var findings = loading
                if let document {
                    let expected = ResourceDiscoveryPlan.expectedResource(for: candidate, stated: document.resource?.value)
                    findings += ProtectedResourceRules.documentFindings(document, expectedResource: expected, allowInsecureLoopback: allowInsecureLoopback)
                }
                DiagnosticPrinter.printText(findings)
                guard let document, !findings.containsErrors, let value = JSONReader.read(bytes, file: candidate.url).value,
                      let issuer = document.authorizationServers?.value.first?.value else { throw ExitCode.failure }
                return (ReadMetadata(value: value, url: candidate.url, scopes: document.scopesSupported?.value.map(\.value) ?? []), issuer)
            },
            readServer: { (issuer, location, isOpenIDConnect, bytes) throws -> (document: JSONValue, isOpenIDConnect: Bool) in
                let read = JSONReader.read(bytes, file: location)
                DiagnosticPrinter.printText(read.diagnostics)
                guard let document = read.value, !read.diagnostics.containsErrors else { throw ExitCode.failure }
                for refusal in [FetchRules.issuerMismatch(in: document, expected: issuer), FetchRules.resourceServerWithoutS256(in: document, issuer: issuer)] {
                    if let refusal {
                        DiagnosticPrinter.printText([refusal])
                        throw ExitCode.failure
                    }
                }
                return (document, isOpenIDConnect)
            },
            stop: { stop -> any Error in
                if case .invalidResource = stop { return DiscoveryDownloader.fail(stop.description, rule: .fetchResourceInvalid) }
                return DiscoveryDownloader.fail(stop.description)
            })
        let serverScopes = found.server.document.members?.first { $0.name == "scopes_supported" }
            .map { member -> [String] in
                guard case .array(let elements) = member.value.kind else { return [] }
                return elements.compactMap(\.stringValue)
            } ?? []
        return Found(resourceMetadata: found.metadata.value, resourceMetadataURL: found.metadata.url, authorizationServer: found.server.document,
                     isOpenIDConnect: found.server.isOpenIDConnect, issuer: found.issuer,
                     signInScopes: ResourceDiscoveryPlan.signInScopes(challenge: found.challenge?.scopes, resourceScopes: found.metadata.scopes,
                                                                       serverScopes: serverScopes),
                     scopesFromChallenge: found.challenge?.scopes != nil)
    }

    /// Whether the server accepts a Client ID Metadata Document's URL as a client ID
    /// (`client_id_metadata_document_supported`), as the runtime's resource session asks.
    static func acceptsMetadataDocuments(_ server: JSONValue) -> Bool {
        server.members?.first { $0.name == "client_id_metadata_document_supported" }?.value.kind == .bool(true)
    }

    private static func get(_ text: String) async throws -> ServerFetch.Response {
        guard let url = URL(string: text) else { throw DiscoveryDownloader.fail("expected a URL, found '\(text)'") }
        return try await DiscoveryDownloader.get(url, document: "a document")
    }
}
