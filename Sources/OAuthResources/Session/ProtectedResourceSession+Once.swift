import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) import OAuthRuntime

extension ProtectedResourceSession {
    /// Sends `request` to the resource once with the stored sign-in's token, as it is: no sign-in,
    /// no refresh, no step-up, whatever the resource answers; `nil` when there is no sign-in to
    /// send. For what is best effort, such as ending an MCP session at disconnect: a refusal there
    /// must not open a browser (issue 45, G13).
    ///
    /// - Throws: what sending throws, and `OAuthError/Kind/resourceNotAllowed` for a URL outside
    ///   the resource's origin.
    @_spi(BuildingBlocks)
    public func sendOnce(_ request: URLRequest) async throws(OAuthError) -> HTTPURLResponse? {
        let session = try await oauthSession()
        guard let url = request.url else { return nil }
        try await requireWithinResource(url)
        guard
            let headers = try await session.currentAuthorizationHeaders(method: request.httpMethod ?? "GET", url: url)
        else { return nil }
        var request = request
        for (name, value) in headers.fields { request.setValue(value, forHTTPHeaderField: name) }
        let response = try await OAuthSession<DiscoveredProvider>.send(
            request, url: url, through: session.client.transport)
        return HTTPURLResponse(
            url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)
    }
}
