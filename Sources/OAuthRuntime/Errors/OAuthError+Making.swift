import Foundation

/// The runtime's ways of making each kind, so every kind's message reads the same wherever it
/// is thrown.
extension OAuthError {
    package static func invalidConfiguration(_ message: String) -> OAuthError {
        OAuthError(.invalidConfiguration, message)
    }

    package static func invalidRequest(_ message: String) -> OAuthError { OAuthError(.invalidRequest, message) }

    static func insecureEndpoint(name: String, url: String) -> OAuthError {
        // The fix, named where it is the likely one: a local server (issue 54, a newcomer's run).
        let hint =
            url.lowercased().hasPrefix("http:")
            ? "; http is taken only on a loopback host (127.0.0.1, [::1]) when allowed: ClientOptions(allowInsecureLoopback: true), or --allow-insecure-loopback on the command line"
            : ""
        return OAuthError(
            .insecureEndpoint,
            "expected the \(name) to use https (http only on a loopback host when allowed), found \(url)\(hint)")
    }

    package static func missingEndpoint(_ name: String) -> OAuthError {
        OAuthError(.missingEndpoint, "expected the provider to have a \(name), found none")
    }

    static func redirectMismatch(expected: String, found: String) -> OAuthError {
        OAuthError(
            .redirectMismatch, "expected the callback on the request's redirect URI \(expected), found it on \(found)")
    }

    static let stateMismatch = OAuthError(
        .stateMismatch, "expected the callback's state to equal the request's, found a missing or different state")

    static func issuerMismatch(expected: String, found: String?) -> OAuthError {
        OAuthError(
            .issuerMismatch,
            "expected the authorization response's iss to be \"\(expected)\" (RFC 9207), found \(found.map { "\"\($0)\"" } ?? "none")"
        )
    }

    static func duplicateParameter(_ name: String) -> OAuthError {
        OAuthError(.duplicateParameter, "expected \"\(name)\" once in the callback, found it more than once")
    }

    static func missingParameter(_ name: String) -> OAuthError {
        OAuthError(.missingParameter, "expected the callback to carry \"\(name)\", found none")
    }

    static func authorizationFailed(_ error: ProtocolError) -> OAuthError {
        OAuthError(.authorizationFailed, "authorization failed: \(error)", protocolError: error)
    }

    package static func requestRejected(_ error: ProtocolError, status: Int, endpoint: String) -> OAuthError {
        // RFC 8707 §2, RFC 8693 §2.2.2: the audience or resource asked for is the server's to refuse.
        OAuthError(
            error.code == "invalid_target" ? .invalidTarget : .requestRejected,
            "the \(endpoint) refused (HTTP \(status)): \(error)",
            protocolError: error, httpStatus: status)
    }

    package static func unexpectedResponse(status: Int, contentType: String?, endpoint: String) -> OAuthError {
        OAuthError(
            .unexpectedResponse,
            "expected an OAuth response from the \(endpoint), found HTTP \(status)\(contentType.map { " with \($0)" } ?? "")",
            httpStatus: status)
    }

    /// A 3xx, naming where it pointed (its `Location`): a resource URL missing the trailing slash
    /// its server wants is the common case, and the fix is the URL the redirect names.
    @_spi(BuildingBlocks)
    public static func redirectRefused(endpoint: String, status: Int, location: String?) -> OAuthError {
        guard let location, !location.isEmpty else {
            return OAuthError(
                .redirectRefused,
                "expected the \(endpoint) to answer, found HTTP \(status) redirecting elsewhere; redirects are never followed, so no credential leaves for another host",
                httpStatus: status)
        }
        return OAuthError(
            .redirectRefused,
            "expected the \(endpoint) to answer, found HTTP \(status) redirecting to \(location); redirects are never followed, so no credential leaves for another host (if it is the same server, use that URL instead)",
            httpStatus: status)
    }

    package static func responseTooLarge(endpoint: String, limit: Int) -> OAuthError {
        OAuthError(
            .responseTooLarge,
            "expected a response body of at most \(limit) bytes from the \(endpoint), found a larger one")
    }

    package static func invalidTokenResponse(_ found: String) -> OAuthError {
        OAuthError(.invalidTokenResponse, "expected a token response per RFC 6749 §5.1, found \(found)")
    }

    static func invalidPushedAuthorization(_ found: String) -> OAuthError {
        OAuthError(
            .invalidPushedAuthorization, "expected a pushed authorization response per RFC 9126 §2.2, found \(found)")
    }

    static func invalidDeviceAuthorization(_ found: String) -> OAuthError {
        OAuthError(
            .invalidDeviceAuthorization, "expected a device authorization response per RFC 8628 §3.2, found \(found)")
    }

    static let deviceCodeExpired = OAuthError(
        .pendingAuthorizationExpired,
        "expected the user to approve the device sign-in before its code expired, found it expired; start a new one")

    static func invalidUserInfo(_ found: String, underlying: (any Error)? = nil) -> OAuthError {
        OAuthError(
            .invalidUserInfo, "expected a userinfo response (OIDC Core §5.3.2), found \(found)",
            underlyingError: underlying)
    }

    package static func invalidDiscoveryDocument(_ message: String) -> OAuthError {
        OAuthError(.invalidDiscoveryDocument, message)
    }

    static func invalidIDToken(_ failure: IDTokenFailure) -> OAuthError {
        OAuthError(.invalidIDToken, failure.description, idTokenFailure: failure)
    }

    /// A request to `url`, outside `allowed`: refused before the token is added.
    @_spi(BuildingBlocks)
    public static func resourceNotAllowed(_ url: URL, allowed: [URLOrigin]) -> OAuthError {
        OAuthError(
            .resourceNotAllowed,
            "expected a request to \(allowed.map(\.description).sorted().joined(separator: " or ")), found one to \(HTTPMessageText.withoutQuery(url)); its access token is not sent there"
        )
    }
    static let userInfoSubjectMismatch = OAuthError(
        .userInfoSubjectMismatch, "expected userinfo's sub to equal the ID token's, found another subject")
    static let signedOut = OAuthError(.signedOut, "the refresh token was rejected (invalid_grant): signed out")
    /// A renewal by another grant than the refresh token (`OAuthSession.setRenewal`) refused with
    /// `invalid_grant`: signed out, the server's code and description kept.
    static func signedOut(renewalRefused refusal: OAuthError) -> OAuthError {
        OAuthError(
            .signedOut,
            "expected the grant that renews the sign-in to be accepted, found it refused (\(refusal.protocolError?.description ?? "invalid_grant")): signed out",
            protocolError: refusal.protocolError, httpStatus: refusal.httpStatus, underlyingError: refusal)
    }
    /// A refresh whose response the client refused (``OAuthClient/refresh(_:scopes:now:)``).
    static func signedOut(refusing refresh: OAuthError) -> OAuthError {
        OAuthError(
            .signedOut, "expected the refreshed sign-in to be the same user's, found: \(refresh.message); signed out",
            idTokenFailure: refresh.idTokenFailure, underlyingError: refresh)
    }
    static func storedSignInMismatch(expected: SignInOwner, found: String) -> OAuthError {
        OAuthError(
            .storedSignInMismatch,
            "expected the stored sign-in to be one of \(expected), found one of \(found); it is left as it is (give each provider and client a store or account of its own)"
        )
    }
    package static let notSignedIn = OAuthError(.notSignedIn, "expected a stored sign-in, found none: not signed in")
    static let sessionChanged = OAuthError(
        .sessionChanged,
        "the session was signed out or switched accounts while the refresh was under way; its result was discarded")

    /// `error` is what the system said; only its description goes into the message, which names
    /// the endpoint and never a body.
    package static func network(endpoint: String, _ error: any Error) -> OAuthError {
        OAuthError(
            .network, "the request to the \(endpoint) failed: \(error.localizedDescription)", underlyingError: error)
    }

    /// A store's failure; its "not now" (``TokenStoreUnavailableError``) is its own kind, which
    /// nothing treats as signed out.
    package static func storageFailed(_ action: String, _ error: any Error) -> OAuthError {
        if let unavailable = error as? TokenStoreUnavailableError {
            return OAuthError(
                .storageUnavailable, "\(action) failed: the store is unavailable for now: \(unavailable.reason)",
                underlyingError: unavailable)
        }
        return OAuthError(.storageFailed, "\(action) failed: \(error.localizedDescription)", underlyingError: error)
    }

    static func browserFailed(_ message: String, underlying: (any Error)? = nil) -> OAuthError {
        OAuthError(.browserFailed, message, underlyingError: underlying)
    }

    static func listenerFailed(_ message: String) -> OAuthError { OAuthError(.listenerFailed, message) }

    static let timedOut = OAuthError(.timedOut, "expected the authorization callback, found none before the time-out")
    static let cancelledByUser = OAuthError(.cancelled, "the user cancelled the sign-in")
    package static let taskCancelled = OAuthError(
        .cancelled, "the task was cancelled", underlyingError: CancellationError())
}
