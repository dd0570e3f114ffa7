import Foundation
import OAuthRuntime

/// A user agent that records each authorization request it is asked to show and then fails as a
/// closed browser would: for tests proving nothing was opened.
public final class OpenedURLs: ExternalUserAgent, @unchecked Sendable {
    // @unchecked: `opened` is only read and written under `lock`.
    private let lock = NSLock()
    private var opened: [URL] = []

    /// A user agent that has shown nothing yet.
    public init() {}

    /// Every request URL shown so far.
    public var urls: [URL] { lock.withLock { opened } }

    public func accepts(_ kind: RedirectURIKind) -> Bool { true }

    public func authorize(
        on redirectURI: RegisteredRedirectURI,
        request makeRequest: (URL) async throws(OAuthError) -> (url: URL, state: String)
    ) async throws(OAuthError) -> URL {
        let (url, _) = try await makeRequest(redirectURI.url)
        lock.withLock { opened.append(url) }
        throw OAuthError(.browserFailed, "expected no browser in this test, found a request to show")
    }
}
