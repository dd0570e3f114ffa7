import OAuthGenCore
import OAuthPolicy

/// `init --resource`: a protected resource's metadata and its authorization server's, found by the
/// one walk the runtime's `ResourceDiscovery` takes too (`ResourceDiscoveryWalk`), checked by the
/// build's rules (RFC 9728 §3.3, the MCP spec's PKCE rule) before anything is pinned. Each
/// document is read once, with locations; every finding is reported, none printed.
package enum ResourceMetadataFetch {
    /// What the walk found.
    package struct Found {
        /// The resource's metadata as fetched, and where from.
        package var resourceMetadata: JSONValue
        package var resourceMetadataURL: String
        /// The authorization server's metadata, and whether it is an OpenID Connect document.
        package var authorizationServer: JSONValue
        package var isOpenIDConnect: Bool
        package var issuer: String
        /// The scopes a first sign-in asks for, as the runtime's resource session would
        /// (`ResourceDiscoveryPlan.signInScopes`).
        package var signInScopes: [String]
        /// Whether the 401 named them (else they are the resource's `scopes_supported`).
        package var scopesFromChallenge: Bool

        /// Whether the server accepts a Client ID Metadata Document's URL as a client ID
        /// (`client_id_metadata_document_supported`), as the runtime's resource session asks.
        package var acceptsMetadataDocuments: Bool {
            authorizationServer.members?.first { $0.name == "client_id_metadata_document_supported" }?.value.kind
                == .bool(true)
        }
    }

    /// The resource's metadata document, as read and where from.
    private struct ReadMetadata {
        var value: JSONValue
        var url: String
        var scopes: [String]
    }

    /// Walks from `resource` to its server's metadata.
    package static func fetch(
        resource: String, allowInsecureLoopback: Bool, downloader: DocumentDownloader
    ) async -> FetchReport<Found> {
        var findings: [Diagnostic] = []
        let found: ResourceDiscoveryWalk.Found<ReadMetadata, (document: JSONValue, isOpenIDConnect: Bool)>
        do {
            found = try await ResourceDiscoveryWalk.walk(
                resource: resource,
                fetch: {
                    (
                        url: String, target: ResourceDiscoveryWalk.Target
                    ) async throws(FetchStop) -> ResourceDiscoveryWalk.Answer in
                    if let refused = FetchRules.serverArgument(
                        url, target: target, allowInsecureLoopback: allowInsecureLoopback)
                    {
                        throw FetchStop([refused])
                    }
                    let response = try await downloader.get(url, document: "a document")
                    return ResourceDiscoveryWalk.Answer(
                        status: response.status, body: [UInt8](response.body),
                        wwwAuthenticate: response.header("WWW-Authenticate"))
                },
                readMetadata: { (candidate, bytes) throws(FetchStop) -> (metadata: ReadMetadata, issuer: String) in
                    let read = JSONReader.read(bytes, file: candidate.url)
                    let (document, loading) = ProtectedResourceLoader.load(read)
                    findings += loading
                    if let document {
                        let expected = ResourceDiscoveryPlan.expectedResource(
                            for: candidate, stated: document.resource?.value)
                        findings += ProtectedResourceRules.documentFindings(
                            document, expectedResource: expected, allowInsecureLoopback: allowInsecureLoopback)
                    }
                    guard let document, let value = read.value, !findings.containsErrors,
                        let issuer = document.authorizationServers?.value.first?.value
                    else { throw FetchStop([]) }
                    return (
                        ReadMetadata(
                            value: value, url: candidate.url, scopes: document.scopesSupported?.value.map(\.value) ?? []
                        ), issuer
                    )
                },
                readServer: {
                    (
                        issuer, location, isOpenIDConnect, bytes
                    ) throws(FetchStop) -> (document: JSONValue, isOpenIDConnect: Bool) in
                    let read = JSONReader.read(bytes, file: location)
                    findings += read.diagnostics
                    guard let document = read.value, !read.diagnostics.containsErrors else { throw FetchStop([]) }
                    findings += [
                        FetchRules.issuerMismatch(in: document, expected: issuer),
                        FetchRules.resourceServerWithoutS256(in: document, issuer: issuer),
                    ].compactMap { $0 }
                    guard !findings.containsErrors else { throw FetchStop([]) }
                    return (document, isOpenIDConnect)
                },
                stop: { stop -> FetchStop in
                    if case .invalidResource = stop { return FetchStop(stop.description, rule: .fetchResourceInvalid) }
                    return FetchStop(stop.description)
                })
        } catch {
            // A document's errors are in `findings` already (its stop carries none); a fetch's or
            // the walk's stop carries its own, after the findings made before it.
            return FetchReport(value: nil, diagnostics: findings + error.diagnostics)
        }
        let serverScopes =
            found.server.document.members?.first { $0.name == "scopes_supported" }
            .map { member -> [String] in
                guard case .array(let elements) = member.value.kind else { return [] }
                return elements.compactMap(\.stringValue)
            } ?? []
        let value = Found(
            resourceMetadata: found.metadata.value, resourceMetadataURL: found.metadata.url,
            authorizationServer: found.server.document,
            isOpenIDConnect: found.server.isOpenIDConnect, issuer: found.issuer,
            signInScopes: ResourceDiscoveryPlan.signInScopes(
                challenge: found.challenge?.scopes, resourceScopes: found.metadata.scopes,
                serverScopes: serverScopes),
            scopesFromChallenge: found.challenge?.scopes != nil)
        return FetchReport(value: value, diagnostics: findings)
    }
}
