import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthFetch
import OAuthGenCore

/// How `oauthgen` GETs a provider's documents: no credentials, no redirect followed, the body
/// read only up to the input size limit, the whole request within `timeout`.
package struct DocumentDownloader: Sendable {
    /// The most one request may take, from sending it to the body's last byte, in seconds.
    package var timeout: TimeInterval

    package init(timeout: TimeInterval = 30) {
        self.timeout = timeout
    }

    /// One GET for `document` at `url`, answered whatever its status; a failure to reach it is
    /// `fetch-failed`.
    package func get(_ url: String, document: String) async throws(FetchStop) -> ServerFetch.Response {
        guard let parsed = URL(string: url) else { throw FetchStop("expected a URL, found '\(url)'") }
        var request = URLRequest(url: parsed, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            return try await ServerFetch(timeout: timeout).send(request, bodyLimit: InputLimits.maximumFileSize)
        } catch .bodyTooLarge(let limit) {
            throw FetchStop("expected \(document) of at most \(limit) bytes from \(url), found a larger one")
        } catch {
            throw FetchStop("expected to download \(url), found: \(error)")
        }
    }

    /// The body of a 200 at `url`; a redirect is refused, since a document pinned from wherever a
    /// server points would be trusted at every later build.
    package func download(_ url: String, document: String) async throws(FetchStop) -> [UInt8] {
        let response = try await get(url, document: document)
        if (300..<400).contains(response.status) {
            let location = response.header("Location") ?? "nowhere"
            throw FetchStop(
                "expected the document at \(url), found HTTP \(response.status) redirecting to '\(location)'; redirects are not followed: pin the issuer the redirect names only if you trust it"
            )
        }
        guard response.status == 200 else { throw FetchStop("expected HTTP 200 from \(url), found \(response.status)") }
        return [UInt8](response.body)
    }
}

extension ServerFetch.Response {
    /// A header field, its name compared without case.
    package func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
