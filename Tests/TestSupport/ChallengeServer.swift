import Foundation
import OAuthLocking

/// A resource that answers every request with a 401 of one shape — what API gateways, proxies
/// and hostile servers send — for the tests that prove no tool and no request waits forever.
///
/// Where the shape has a `Bearer` challenge, it names protected resource metadata at
/// `/named-metadata`, so a test can tell the challenge was read (that path is asked for) from a
/// fall-back to the well-known locations. Protected resource metadata answers 404 wherever it is
/// looked for, so discovery ends with an error saying what it tried; any other path (an
/// authorization server's metadata too) gets the challenge.
public final class ChallengeServer: Sendable {
    /// One way of refusing a request.
    public struct Shape: Sendable {
        public var label: String
        public var status: Int
        /// The challenge header lines, `{origin}` standing for the server's own origin.
        public var fields: [LocalHTTPServer.Response.Field]
        /// Whether a `Bearer` challenge naming `/named-metadata` is among them.
        public var namesMetadata: Bool
    }

    /// Basic alone, Basic and Bearer in one field and in two, Negotiate.
    public static let shapes: [Shape] = [
        Shape(
            label: "Basic alone", status: 401, fields: [.init("WWW-Authenticate", #"Basic realm="gateway""#)],
            namesMetadata: false),
        Shape(
            label: "Basic and Bearer in one field", status: 401,
            fields: [
                .init("WWW-Authenticate", #"Basic realm="gateway", Bearer resource_metadata="{origin}/named-metadata""#)
            ], namesMetadata: true),
        Shape(
            label: "Basic and Bearer in two fields", status: 401,
            fields: [
                .init("WWW-Authenticate", #"Basic realm="gateway""#),
                .init("WWW-Authenticate", #"Bearer resource_metadata="{origin}/named-metadata""#),
            ],
            namesMetadata: true),
        Shape(label: "Negotiate", status: 401, fields: [.init("WWW-Authenticate", "Negotiate")], namesMetadata: false),
    ]

    public let shape: Shape
    let server: LocalHTTPServer

    /// `http://127.0.0.1:<port>`.
    public var origin: String { server.origin }
    /// The resource the tests point at: `<origin>/api`.
    public var resource: String { "\(server.origin)/api" }

    /// Starts serving `shape` at once.
    public init(_ shape: Shape) throws {
        self.shape = shape
        let origin = LockedBox<String>("")
        server = try LocalHTTPServer { request in
            if request.path == "/named-metadata" || request.path.hasPrefix("/.well-known/oauth-protected-resource") {
                return .notFound
            }
            let fields = shape.fields.map {
                LocalHTTPServer.Response.Field(
                    $0.name, $0.value.replacingOccurrences(of: "{origin}", with: origin.value))
            }
            return LocalHTTPServer.Response(
                status: shape.status, headers: ["Content-Type": "text/plain"], body: Data("refused".utf8),
                fields: fields)
        }
        origin.value = server.origin
    }

    /// The paths asked for, in order.
    public var paths: [String] { server.requests.map(\.path) }

    /// Whether the metadata the `Bearer` challenge named was asked for.
    public var metadataNamedByTheChallengeWasRead: Bool { paths.contains("/named-metadata") }

    /// Stops the server.
    public func stop() { server.stop() }
}
