import Foundation
import OAuthResources
import OAuthRuntime

/// `--device`: the code and where to enter it, on standard error (standard output is the tool's
/// answer), and the complete verification URI opened with `--browser-command` when one is given.
/// The whole verification URI is shown, host included, so the user can tell where they are sent
/// (RFC 8628 §5.4).
struct StandardErrorDeviceCodePresenter: DeviceCodePresenter {
    /// What opens the complete verification URI, if anything.
    let browser: LoopbackUserAgent?
    /// The progress line, ended first so the code starts a line of its own.
    let progress: TerminalProgress

    func present(_ authorization: DeviceAuthorization<DiscoveredProvider>) async throws(OAuthError) {
        progress.finish()
        let page = authorization.verificationURIComplete ?? authorization.verificationURI
        FileHandle.standardError.write(
            Data(
                """
                To sign in, open \(authorization.verificationURI.absoluteString) and enter the code \
                \(String(reflecting: authorization.userCode)) (or open \(page.absoluteString)).

                """.utf8))
        try browser?.open(page)
    }
}
