/// The one walk from a protected resource to its metadata and its authorization server's (RFC 9728
/// §5, §3; RFC 8414 §3; OIDC Discovery §4), in the order ``ResourceDiscoveryPlan`` gives: the
/// runtime's `ResourceDiscovery` and `oauthgen init --resource` both take it, each with its own
/// way to fetch a URL (and to refuse one), to read what came back, and to report a failure.
///
/// 1. An unauthenticated GET of the resource; a 401's Bearer or DPoP challenge may name the
///    metadata (`resource_metadata`).
/// 2. That metadata, else the well-known locations; the first that answers 200 is read (and must
///    name an authorization server).
/// 3. The server's metadata: known already (kept from an earlier discovery), or the first of its
///    well-known locations that answers 200.
public enum ResourceDiscoveryWalk {
    /// What one GET answered.
    public struct Answer: Sendable {
        /// The HTTP status.
        public var status: Int
        /// The body.
        public var body: [UInt8]
        /// The `WWW-Authenticate` field, if any.
        public var wwwAuthenticate: String?

        /// An answer from its parts.
        public init(status: Int, body: [UInt8], wwwAuthenticate: String? = nil) {
            self.status = status
            self.body = body
            self.wwwAuthenticate = wwwAuthenticate
        }
    }

    /// Why the walk found no metadata, said the same way by every caller.
    public enum Stop: Sendable, Hashable, CustomStringConvertible {
        /// The resource is not an http(s) URL without a fragment.
        case invalidResource(String)
        /// No metadata location answered 200; `tried` says what each answered.
        case noResourceMetadata(resource: String, tried: [String])
        /// The issuer the metadata names is not an issuer URL.
        case invalidIssuer(String)
        /// None of the server's metadata locations answered 200.
        case noServerMetadata(issuer: String, tried: [String])

        /// What was expected, and what was found.
        public var description: String {
            switch self {
            case .invalidResource(let resource):
                "expected the protected resource to be an https URL without a fragment, found \(resource)"
            case .noResourceMetadata(let resource, let tried):
                "expected protected resource metadata (RFC 9728) for \(resource), found \(tried.joined(separator: "; "))"
            case .invalidIssuer(let issuer):
                "expected the authorization server to be an issuer URL, found \(issuer)"
            case .noServerMetadata(let issuer, let tried):
                "expected authorization server metadata for \(issuer) (RFC 8414, OpenID Connect Discovery), found \(tried.joined(separator: "; "))"
            }
        }
    }

    /// What a GET of the walk is for, said in messages as its description.
    public enum Target: String, Sendable, Hashable, CustomStringConvertible {
        /// The resource itself, probed without credentials.
        case resource = "protected resource"
        /// A location of the resource's metadata (RFC 9728 §3, §5.1).
        case resourceMetadata = "protected resource metadata"
        /// A location of the authorization server's metadata (RFC 8414 §3, OIDC Discovery §4).
        case serverMetadata = "authorization server metadata"

        /// The words a message uses for it.
        public var description: String { rawValue }
    }

    /// What the walk found: the probe's challenge, the resource's metadata and its server's.
    public struct Found<Metadata, Server> {
        /// The 401's Bearer or DPoP challenge, when the probe got one.
        public var challenge: AuthenticationChallenge?
        /// The resource's metadata, as the caller read it.
        public var metadata: Metadata
        /// The authorization server the metadata names first.
        public var issuer: String
        /// Its metadata, as the caller read it (or knew it).
        public var server: Server
    }

    /// Walks from `resource` to its server's metadata.
    ///
    /// - Parameters:
    ///   - fetch: one GET without credentials of a URL, for a ``Target`` (it refuses a URL its policy
    ///     does not allow, by throwing).
    ///   - readMetadata: the resource's metadata from a 200's body at a candidate location, and
    ///     the first authorization server it names.
    ///   - knownServer: the server's metadata when known already for this issuer and metadata.
    ///   - readServer: the server's metadata from a 200's body at a location (and whether that
    ///     location holds an OpenID Connect document).
    ///   - stop: the caller's failure for a ``Stop``.
    public static func walk<Metadata, Server, Failure: Error>(
        resource: String,
        fetch: (_ url: String, _ target: Target) async throws(Failure) -> Answer,
        readMetadata: (_ candidate: ResourceDiscoveryPlan.MetadataCandidate, _ body: [UInt8]) throws(Failure) -> (
            metadata: Metadata, issuer: String
        ),
        knownServer: (_ issuer: String, _ metadata: Metadata) async -> Server? = { _, _ in nil },
        readServer: (_ issuer: String, _ location: String, _ isOpenIDConnect: Bool, _ body: [UInt8]) throws(Failure) ->
            Server,
        stop: (Stop) -> Failure
    ) async throws(Failure) -> Found<Metadata, Server> {
        // A resource that can have no metadata is refused before any request.
        guard ResourceDiscoveryPlan.metadataCandidates(resource: resource, named: nil) != nil else {
            throw stop(.invalidResource(resource))
        }
        let probe = try await fetch(resource, .resource)
        let challenge =
            probe.status == 401
            ? WWWAuthenticate.challenges(inFieldLines: [probe.wwwAuthenticate ?? ""]).first(
                where: \.isAccessTokenChallenge)
            : nil
        guard
            let candidates = ResourceDiscoveryPlan.metadataCandidates(
                resource: resource, named: challenge?.resourceMetadata)
        else {
            throw stop(.invalidResource(resource))
        }
        var tried: [String] = []
        var read: (metadata: Metadata, issuer: String)?
        for candidate in candidates {
            let answer = try await fetch(candidate.url, .resourceMetadata)
            guard answer.status == 200 else {
                tried.append("HTTP \(answer.status) at \(candidate.url)")
                continue
            }
            read = try readMetadata(candidate, answer.body)
            break
        }
        guard let (metadata, issuer) = read else { throw stop(.noResourceMetadata(resource: resource, tried: tried)) }
        if let known = await knownServer(issuer, metadata) {
            return Found(challenge: challenge, metadata: metadata, issuer: issuer, server: known)
        }
        guard let parsed = try? ServerURL(parsing: issuer) else { throw stop(.invalidIssuer(issuer)) }
        tried = []
        for location in ResourceDiscoveryPlan.authorizationServerLocations(issuer: parsed) {
            let answer = try await fetch(location.url, .serverMetadata)
            guard answer.status == 200 else {
                tried.append("HTTP \(answer.status) at \(location.url)")
                continue
            }
            let server = try readServer(issuer, location.url, location.isOpenIDConnect, answer.body)
            return Found(challenge: challenge, metadata: metadata, issuer: issuer, server: server)
        }
        throw stop(.noServerMetadata(issuer: issuer, tried: tried))
    }
}
