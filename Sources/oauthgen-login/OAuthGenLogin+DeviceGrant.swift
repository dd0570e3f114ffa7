import ArgumentParser
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthLocking
import OAuthResources

// --device: the device authorization grant (RFC 8628) in a terminal.
extension OAuthGenLogin {
    /// RFC 8628: the code goes to standard error (standard output stays the report), the browser
    /// command, if any, gets the complete verification URI, and the client polls until the user
    /// approves or the code expires; --timeout bounds the whole wait.
    func deviceSignIn(
        _ client: OAuthClient<DiscoveredProvider>, scopes: [ScopeValue], browser: LoopbackUserAgent?
    ) async throws(OAuthError) -> SignIn<DiscoveredProvider> {
        let authorization = try await client.authorizeDevice(scopes: scopes)
        try Self.show(authorization, browser: browser)
        let limit = timeout
        typealias Outcome = Result<SignIn<DiscoveredProvider>, OAuthError>
        let result: Outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do throws(OAuthError) { return Outcome.success(try await client.signIn(with: authorization)) } catch {
                    return Outcome.failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(limit))
                return Outcome.failure(
                    OAuthError(
                        .timedOut,
                        "expected the device to be approved within \(Int(limit)) s (--timeout), found it was not"))
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
        return try result.get()
    }

    /// Shows a device authorization's code on standard error (standard output stays the report)
    /// and runs the browser command, if any, on the complete verification URI.
    static func show<P: OAuthProvider>(
        _ authorization: DeviceAuthorization<P>, browser: LoopbackUserAgent?
    )
        throws(OAuthError)
    {
        // The user code comes from the provider and reaches a terminal: quoted and escaped.
        let code = String(reflecting: authorization.userCode)
        let page = authorization.verificationURIComplete ?? authorization.verificationURI
        FileHandle.standardError.write(
            Data(
                """
                To sign in, open \(authorization.verificationURI.absoluteString) and enter the code \(code)
                (or open \(page.absoluteString)); the code expires at \(authorization.expiresAt).

                """.utf8))
        if let browser {
            // The same launcher as the code flow's, so a headless test browser works for both.
            try browser.open(page)
        }
    }
}

/// `--resource … --device`: a resource session's device sign-in shows its code as the provider's
/// does, and notes it for the report.
struct TerminalDeviceCodePresenter: DeviceCodePresenter {
    let browser: LoopbackUserAgent?
    /// The progress line, ended before the code is shown so the code starts a line of its own.
    let progress: TerminalProgress
    /// The code and page shown, for `--json`'s report.
    let shown = LockedBox<ResourceDeviceReport?>(nil)

    func present(_ authorization: DeviceAuthorization<DiscoveredProvider>) async throws(OAuthError) {
        progress.finish()
        try OAuthGenLogin.show(authorization, browser: browser)
        shown.value = ResourceDeviceReport(
            verification_uri: authorization.verificationURI.absoluteString, user_code: authorization.userCode)
    }
}
