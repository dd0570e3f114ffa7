import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime

/// Answers requests from a table instead of the network, and records them — for the tests that
/// need a server to say something no real provider here can be made to say (a malformed token
/// response, a rotated JWKS). Everything else runs against django-oauth-toolkit.
actor LocalTransport: HTTPTransport {
    private var routes: [String: HTTPResponse] = [:]
    private(set) var requests: [HTTPRequest] = []

    init(_ routes: [String: HTTPResponse] = [:]) {
        self.routes = routes
    }

    func set(_ url: String, _ response: HTTPResponse) {
        routes[url] = response
    }

    func count(of url: String) -> Int {
        requests.filter { $0.url.absoluteString == url }.count
    }

    nonisolated func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await respond(request)
    }

    private func respond(_ request: HTTPRequest) throws -> HTTPResponse {
        requests.append(request)
        guard let response = routes[request.url.absoluteString] else {
            return HTTPResponse(
                status: 404, headers: ["Content-Type": "text/html"], body: Data("<h1>Not Found</h1>".utf8))
        }
        return response
    }
}

func json(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(text.utf8))
}
