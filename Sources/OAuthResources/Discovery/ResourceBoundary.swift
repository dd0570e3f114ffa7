import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// Where a protected resource's token may go: its origin *and* its path (issue 45, G12). A gateway
/// hosts several MCP servers on one origin (`/a/mcp`, `/b/mcp`), each with its own authorization
/// server and tokens; bound to the origin alone, one server's token would reach the other.
enum ResourceBoundary {
    /// Whether `url` is within `resource`: the same origin, and its path the resource's path or
    /// below it at a `/` (RFC 9728 §1: the resource identifier names the protected resource; `/a`
    /// does not contain `/ab`). A resource at the origin's root contains every path there.
    static func contains(_ resource: URL, _ url: URL) -> Bool {
        guard let origin = URLOrigin(resource), URLOrigin(url) == origin else { return false }
        let base = resource.path.hasSuffix("/") ? String(resource.path.dropLast()) : resource.path
        let path = url.path.isEmpty ? "/" : url.path
        return base.isEmpty || path == base || path.hasPrefix(base + "/")
    }

    /// Refuses a request to `url` outside every resource in `resources`, before any token is made
    /// for it.
    /// A path with a dot segment or an encoded separator is refused first: its prefix says
    /// nothing of the path the server will read.
    static func require(_ url: URL, within resources: [URL]) throws(OAuthError) {
        try EndpointPolicy.requireTokenPath(url)
        guard !resources.contains(where: { contains($0, url) }) else { return }
        throw OAuthError(
            .resourceNotAllowed,
            "expected a request within \(Set(resources.map { HTTPMessageText.withoutQuery($0) }).sorted().joined(separator: " or ")), found one to \(HTTPMessageText.withoutQuery(url)); its access token is not sent there"
        )
    }
}
