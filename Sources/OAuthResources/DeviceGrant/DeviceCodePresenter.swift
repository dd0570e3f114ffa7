import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

/// What shows the user a device sign-in's code, for a ``ProtectedResourceSession`` that signs in
/// with the device authorization grant (RFC 8628): an agent in an SSH session, a container or a
/// CI job, with no browser on its machine.
///
/// The session asks for the code, hands it here, then polls the token endpoint (honouring
/// `interval` and `slow_down`) until the user approves on another device. Show
/// `DeviceAuthorization/userCode` and `DeviceAuthorization/verificationURI` whole, host included
/// (RFC 8628 §5.4); the user code is for the user's eyes only, never a log.
public protocol DeviceCodePresenter: Sendable {
    /// Shows `authorization`'s user code and where to enter it. A thrown error ends the sign-in
    /// before any poll.
    func present(_ authorization: DeviceAuthorization<DiscoveredProvider>) async throws(OAuthError)
}
