import OAuthPolicy
import Testing

/// The one walk from a resource to its server's metadata (RFC 9728 §5, §3; RFC 8414 §3; OIDC
/// Discovery §4), sans I/O: every GET is answered from a dictionary, and the test reads the order
/// the walk asked in. Milliseconds, where the runtime's tests need servers.
@Suite struct ResourceDiscoveryWalkTests {
    typealias Walk = ResourceDiscoveryWalk

    /// How a test's walk failed.
    enum Failure: Error, Equatable {
        case stop(Walk.Stop)
        case unanswered(String)
    }

    /// Answers from `answers` (a URL missing there answers 404), recording each GET.
    final class Web {
        var answers: [String: Walk.Answer]
        var asked: [(url: String, target: Walk.Target)] = []

        init(_ answers: [String: Walk.Answer]) { self.answers = answers }

        func fetch(_ url: String, _ target: Walk.Target) throws(Failure) -> Walk.Answer {
            asked.append((url, target))
            return answers[url] ?? Walk.Answer(status: 404, body: [])
        }

        var urls: [String] { asked.map(\.url) }
    }

    static let resource = "https://api.example/mcp"
    static let pathMetadata = "https://api.example/.well-known/oauth-protected-resource/mcp"
    static let rootMetadata = "https://api.example/.well-known/oauth-protected-resource"
    static let ok = Walk.Answer(status: 200, body: Array("{}".utf8))

    /// Walks `web` from `resource`: the metadata read as its URL, its server as the location it
    /// came from; `known` short-cuts the server's metadata.
    static func walk(
        _ web: Web, resource: String = resource, issuer: String = "https://as.example",
        known: String? = nil
    ) async throws(Failure) -> Walk.Found<String, String> {
        try await Walk.walk(
            resource: resource,
            fetch: { (url: String, target: Walk.Target) throws(Failure) -> Walk.Answer in try web.fetch(url, target) },
            readMetadata: { (candidate, _) throws(Failure) -> (metadata: String, issuer: String) in
                (candidate.url, issuer)
            },
            knownServer: { _, _ in known },
            readServer: { (_, location, isOpenIDConnect, _) throws(Failure) -> String in
                (isOpenIDConnect ? "oidc " : "oauth ") + location
            },
            stop: { Failure.stop($0) })
    }

    /// Without a challenge: the resource probed first, then the path-inserted well-known URL,
    /// then the origin's (RFC 9728 §3.1; the MCP spec's order).
    @Test func theCandidatesComeInTheSpecsOrder() async throws {
        let web = Web([
            Self.rootMetadata: Self.ok, "https://as.example/.well-known/oauth-authorization-server": Self.ok,
        ])
        let found = try await Self.walk(web)
        #expect(
            web.urls == [
                Self.resource, Self.pathMetadata, Self.rootMetadata,
                "https://as.example/.well-known/oauth-authorization-server",
            ])
        #expect(web.asked.map(\.target) == [.resource, .resourceMetadata, .resourceMetadata, .serverMetadata])
        #expect(found.metadata == Self.rootMetadata)
        #expect(found.challenge == nil)
    }

    /// A 401's `resource_metadata` is the one place looked at: no well-known URL is tried.
    @Test func aChallengesMetadataIsTheOnlyCandidate() async throws {
        let named = "https://api.example/meta/mcp"
        let probe = Walk.Answer(
            status: 401, body: [], wwwAuthenticate: "Bearer resource_metadata=\"\(named)\", scope=\"tools\"")
        let web = Web([
            Self.resource: probe, named: Self.ok, "https://as.example/.well-known/oauth-authorization-server": Self.ok,
        ])
        let found = try await Self.walk(web)
        #expect(web.urls == [Self.resource, named, "https://as.example/.well-known/oauth-authorization-server"])
        #expect(found.metadata == named)
        #expect(found.challenge?.resourceMetadata == named)
    }

    /// A challenge on anything but a 401 is not read (RFC 6750 §3 is a 401's).
    @Test func aChallengeOnAnotherStatusIsIgnored() async throws {
        let probe = Walk.Answer(
            status: 403, body: [], wwwAuthenticate: "Bearer resource_metadata=\"https://evil.example/meta\"")
        let web = Web([
            Self.resource: probe, Self.pathMetadata: Self.ok,
            "https://as.example/.well-known/oauth-authorization-server": Self.ok,
        ])
        let found = try await Self.walk(web)
        #expect(found.metadata == Self.pathMetadata)
        #expect(found.challenge == nil)
        #expect(!web.urls.contains("https://evil.example/meta"))
    }

    /// RFC 8414 first, then OpenID Connect Discovery with the path inserted, then appended.
    @Test func theServerFallsBackToOpenIDConnect() async throws {
        let appended = "https://as.example/tenant/.well-known/openid-configuration"
        let web = Web([Self.pathMetadata: Self.ok, appended: Self.ok])
        let found = try await Self.walk(web, issuer: "https://as.example/tenant")
        #expect(
            Array(web.urls.dropFirst(2)) == [
                "https://as.example/.well-known/oauth-authorization-server/tenant",
                "https://as.example/.well-known/openid-configuration/tenant",
                appended,
            ])
        #expect(found.server == "oidc " + appended)
        #expect(found.issuer == "https://as.example/tenant")
    }

    /// A server known already (kept with a registration) is not asked again.
    @Test func aKnownServerIsNotFetched() async throws {
        let web = Web([Self.pathMetadata: Self.ok])
        let found = try await Self.walk(web, known: "kept")
        #expect(web.urls == [Self.resource, Self.pathMetadata])
        #expect(found.server == "kept")
    }

    /// A resource that can have no metadata is refused before any request.
    @Test(arguments: ["ftp://api.example/mcp", "https://api.example/mcp#frag", "not a url"])
    func anInvalidResourceStopsBeforeAnyRequest(resource: String) async {
        let web = Web([:])
        await #expect(throws: Failure.stop(.invalidResource(resource))) {
            _ = try await Self.walk(web, resource: resource)
        }
        #expect(web.asked.isEmpty)
    }

    /// Every location's answer is reported.
    @Test func noMetadataStopsSayingWhatEachLocationAnswered() async {
        let web = Web([Self.pathMetadata: Walk.Answer(status: 500, body: [])])
        let tried = ["HTTP 500 at \(Self.pathMetadata)", "HTTP 404 at \(Self.rootMetadata)"]
        await #expect(throws: Failure.stop(.noResourceMetadata(resource: Self.resource, tried: tried))) {
            _ = try await Self.walk(web)
        }
        #expect(
            Walk.Stop.noResourceMetadata(resource: Self.resource, tried: tried).description
                == "expected protected resource metadata (RFC 9728) for \(Self.resource), found \(tried.joined(separator: "; "))"
        )
    }

    @Test func anIssuerThatIsNoURLStops() async {
        let web = Web([Self.pathMetadata: Self.ok])
        await #expect(throws: Failure.stop(.invalidIssuer("as.example"))) {
            _ = try await Self.walk(web, issuer: "as.example")
        }
        #expect(web.asked.allSatisfy { $0.target != .serverMetadata })
    }

    @Test func noServerMetadataStopsSayingWhatEachLocationAnswered() async {
        let web = Web([Self.pathMetadata: Self.ok])
        let tried = [
            "HTTP 404 at https://as.example/.well-known/oauth-authorization-server",
            "HTTP 404 at https://as.example/.well-known/openid-configuration",
        ]
        await #expect(throws: Failure.stop(.noServerMetadata(issuer: "https://as.example", tried: tried))) {
            _ = try await Self.walk(web)
        }
    }

    /// What the caller's fetch throws ends the walk as it is.
    @Test func aFetchFailureEndsTheWalk() async {
        let web = Web([:])
        await #expect(throws: Failure.unanswered(Self.resource)) {
            _ = try await Walk.walk(
                resource: Self.resource,
                fetch: { (url: String, _: Walk.Target) throws(Failure) -> Walk.Answer in throw Failure.unanswered(url)
                },
                readMetadata: { (candidate, _) throws(Failure) -> (metadata: String, issuer: String) in
                    (candidate.url, "https://as.example")
                },
                readServer: { (_, location, _, _) throws(Failure) -> String in location },
                stop: { Failure.stop($0) })
        }
        #expect(web.asked.isEmpty)
    }
}
