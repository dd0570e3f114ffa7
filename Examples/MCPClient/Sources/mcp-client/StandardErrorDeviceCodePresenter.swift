import Foundation
import OAuthResources
import OAuthRuntime

/// `--device`: the code and where to enter it, on standard error (standard output is the tool's
/// answer). The whole verification URI is shown, host included, so the user can tell where they
/// are sent (RFC 8628 §5.4).
struct StandardErrorDeviceCodePresenter: DeviceCodePresenter {
    func present(_ authorization: DeviceAuthorization<DiscoveredProvider>) async throws(OAuthError) {
        let page = authorization.verificationURIComplete ?? authorization.verificationURI
        FileHandle.standardError.write(
            Data(
                """
                To sign in, open \(authorization.verificationURI.absoluteString) and enter the code \
                \(String(reflecting: authorization.userCode)) (or open \(page.absoluteString)).

                """.utf8))
    }
}
