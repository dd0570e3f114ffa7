import Foundation
internal import OAuthPolicy

/// Everything that can go wrong in a sign-in, a refresh, a revocation or a userinfo request.
///
/// Switch over ``kind`` — a struct of constants, so new kinds never break an app's `switch`
/// (which needs a `default:` case) — and read the fields a kind fills in: the server's
/// ``protocolError`` and ``httpStatus``, the ``idTokenFailure``, the ``underlyingError`` (the
/// `URLError` that tells "offline" from "timed out", the Keychain or file system error).
///
/// Catch a kind by name, as with an enum case; the pattern matches an `OAuthError` of that
/// kind however the `do` block's error is typed:
///
/// ```swift
/// do {
///     let signIn = try await client.signIn(with: agent)
///     try saveProfile(signIn)          // throws something else
/// } catch OAuthError.Kind.cancelled {
///     // the user closed the browser, or the task was cancelled
/// } catch let error as OAuthError where error.kind == .network {
///     if (error.underlyingError as? URLError)?.code == .notConnectedToInternet { showOffline() }
/// }
/// ```
///
/// Descriptions say what was expected and what was found, and never contain a token, code,
/// verifier or secret: they are safe to log. Values that came from a server, a file or another
/// process are escaped (`\u{1B}`), so the text is also safe for a terminal.
public struct OAuthError: Error, Sendable {
    /// What went wrong, as a constant to compare with (`error.kind == .stateMismatch`).
    public let kind: Kind
    /// The OAuth error the server sent (`error`, `error_description`, `error_uri`): for
    /// ``Kind/authorizationFailed`` and ``Kind/requestRejected``.
    public let protocolError: ProtocolError?
    /// The HTTP status of the response the error is about, where there was one.
    public let httpStatus: Int?
    /// Which ID token check failed, for ``Kind/invalidIDToken``.
    public let idTokenFailure: IDTokenFailure?
    /// The error the runtime was given by the system or a dependency: a `URLError` for
    /// ``Kind/network``, the store's error for ``Kind/storageFailed``, a `CancellationError` for
    /// a cancelled task.
    public let underlyingError: (any Error)?
    /// What was expected and what was found, unescaped; `description` escapes it.
    package let message: String

    /// An error of `kind`; for a ``CodeExchange`` or a ``TokenStore`` that reports its own
    /// failures. `message` says what was expected and what was found, and must not contain a
    /// token, code or secret.
    public init(
        _ kind: Kind, _ message: String, protocolError: ProtocolError? = nil, httpStatus: Int? = nil,
        idTokenFailure: IDTokenFailure? = nil, underlyingError: (any Error)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.protocolError = protocolError
        self.httpStatus = httpStatus
        self.idTokenFailure = idTokenFailure
        self.underlyingError = underlyingError
    }

    /// A kind of failure. New kinds may be added in any release, so a `switch` over kinds needs
    /// a `default:` case; compare with `==` or match in a `catch … where` clause.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The kind's name, as in `OAuthError.Kind.stateMismatch`.
        public var description: String { name }

        /// The client was set up with something it cannot work with: no client ID, no issuer for
        /// an OpenID provider, a loopback path that is not a URL path, an empty browser command.
        public static let invalidConfiguration = Kind("invalidConfiguration")
        /// The caller asked for something the client will not do: a reserved parameter, a refresh
        /// without a refresh token, a malformed PKCE verifier.
        public static let invalidRequest = Kind("invalidRequest")
        /// An endpoint is not https (http is allowed only on 127.0.0.1 or [::1], and only when the
        /// client allows it).
        public static let insecureEndpoint = Kind("insecureEndpoint")
        /// The provider has no such endpoint (only for providers described at run time: a
        /// generated client has no member for an endpoint its provider lacks).
        public static let missingEndpoint = Kind("missingEndpoint")
        /// The pending authorization was made by another client: another client ID or issuer.
        public static let pendingAuthorizationMismatch = Kind("pendingAuthorizationMismatch")
        /// The pending authorization is older than the client accepts.
        public static let pendingAuthorizationExpired = Kind("pendingAuthorizationExpired")
        /// The callback arrived on another URL than the request's redirect URI (RFC 8252 §8.10).
        public static let redirectMismatch = Kind("redirectMismatch")
        /// The callback's `state` is missing or differs (RFC 6749 §10.12, RFC 8252 §8.9).
        public static let stateMismatch = Kind("stateMismatch")
        /// The authorization response's `iss` is missing or names another server (RFC 9207).
        public static let issuerMismatch = Kind("issuerMismatch")
        /// A parameter appears more than once in the callback (RFC 6749 §3.1).
        public static let duplicateParameter = Kind("duplicateParameter")
        /// The callback lacks a parameter it must carry (`code`).
        public static let missingParameter = Kind("missingParameter")
        /// The authorization server answered the authorization request with an error
        /// (RFC 6749 §4.1.2.1), e.g. `access_denied`; see ``OAuthError/protocolError``.
        public static let authorizationFailed = Kind("authorizationFailed")
        /// The token or revocation endpoint answered with an OAuth error (RFC 6749 §5.2); see
        /// ``OAuthError/protocolError`` and ``OAuthError/httpStatus``.
        public static let requestRejected = Kind("requestRejected")
        /// An endpoint answered with something that is not an OAuth response: an HTML error
        /// page, a 5xx, a 401 from the userinfo endpoint.
        public static let unexpectedResponse = Kind("unexpectedResponse")
        /// An endpoint answered with a redirect. The runtime never follows one: the request's
        /// credentials would go to whatever host the redirect names.
        public static let redirectRefused = Kind("redirectRefused")
        /// A response body was larger than the runtime reads (1 MiB).
        public static let responseTooLarge = Kind("responseTooLarge")
        /// A token response that does not follow RFC 6749 §5.1, even with the provider's quirks.
        public static let invalidTokenResponse = Kind("invalidTokenResponse")
        /// A pushed authorization response without a `request_uri` or a positive `expires_in` (RFC 9126 §2.2).
        public static let invalidPushedAuthorization = Kind("invalidPushedAuthorization")
        /// A device authorization response that does not follow RFC 8628 §3.2.
        public static let invalidDeviceAuthorization = Kind("invalidDeviceAuthorization")
        /// A userinfo response that is not JSON, lacks `sub` (OpenID providers), or does not
        /// decode as the provider's `UserInfo`.
        public static let invalidUserInfo = Kind("invalidUserInfo")
        /// A discovery document that does not describe a usable provider (OIDC Discovery, RFC 8414),
        /// or protected resource metadata that does not pass RFC 9728's checks.
        public static let invalidDiscoveryDocument = Kind("invalidDiscoveryDocument")
        /// A client registration response that is not a public client with the redirect URIs
        /// sent (RFC 7591 §3.2.1).
        public static let invalidRegistration = Kind("invalidRegistration")
        /// The ID token failed a check of OIDC Core §3.1.3.7; see ``OAuthError/idTokenFailure``.
        public static let invalidIDToken = Kind("invalidIDToken")
        /// A request for a resource server goes to an origin the session (its
        /// `allowedResourceOrigins`) or the OpenAPI middleware (its server URLs) was not made
        /// for: the access token is not sent there.
        public static let resourceNotAllowed = Kind("resourceNotAllowed")
        /// UserInfo's `sub` differs from the ID token's (OIDC Core §5.3.2).
        public static let userInfoSubjectMismatch = Kind("userInfoSubjectMismatch")
        /// The grant ended: the refresh token was rejected (`invalid_grant`), or a refresh answered
        /// with an ID token for another issuer, subject or client (its tokens were revoked). The
        /// session is signed out.
        public static let signedOut = Kind("signedOut")
        /// No sign-in is stored.
        public static let notSignedIn = Kind("notSignedIn")
        /// The session was signed out, or signed in to another account, while a refresh was
        /// under way; the refresh's result was discarded and its refresh token revoked.
        public static let sessionChanged = Kind("sessionChanged")
        /// The network failed; ``OAuthError/underlyingError`` is the system's error (a `URLError`).
        public static let network = Kind("network")
        /// The token store could not save or clear the tokens; ``OAuthError/underlyingError``
        /// is the store's error.
        public static let storageFailed = Kind("storageFailed")
        /// A sign-in or step-up was needed where the app allows no user interaction
        /// (a `ProtectedResourceSession` whose interaction is `.never`): nothing was opened.
        public static let interactionRequired = Kind("interactionRequired")
        /// A sign-in made for a resource's RFC 9470 challenge did not reach what it asked for: the
        /// new ID token's `acr` is not one of its `acr_values`, or its `auth_time` is older than its
        /// `max_age`.
        public static let insufficientAuthentication = Kind("insufficientAuthentication")
        /// The token store cannot be read now, though it may hold a sign-in: the Keychain before
        /// the device's first unlock after a restart, a dismissed biometric prompt. The session is
        /// not signed out and reads the store again at the next call; see
        /// ``TokenStoreUnavailableError``.
        public static let storageUnavailable = Kind("storageUnavailable")
        /// The stored sign-in's ID token claims no longer decode as the provider's `Claims` (a
        /// claim changed type in an app update), or a newer version of the app wrote it in a
        /// format this one cannot read (`StoredSignInFormatError`). Its tokens are kept, not
        /// forgotten: sign in again to replace them, or ship a version that reads them.
        public static let storedSignInIncompatible = Kind("storedSignInIncompatible")
        /// The store holds another client's or provider's sign-in (its issuer, client ID or
        /// token endpoint differ from the session's): the session neither uses nor clears it,
        /// and never sends its refresh token to this provider. Give each provider and client a
        /// store (or account) of its own; `clear()` the store to replace it on purpose.
        public static let storedSignInMismatch = Kind("storedSignInMismatch")
        /// The browser command could not be started, or exited with a failure.
        public static let browserFailed = Kind("browserFailed")
        /// The loopback redirect listener could not open, bind or poll its sockets.
        public static let listenerFailed = Kind("listenerFailed")
        /// The DPoP key could not be made, loaded or used: no Secure Enclave, a key from
        /// another device, access denied; ``OAuthError/underlyingError`` is the system's error.
        public static let dpopKeyFailed = Kind("dpopKeyFailed")
        /// The backend that exchanges codes for this app refused or failed (see ``CodeExchange``).
        public static let backendExchangeFailed = Kind("backendExchangeFailed")
        /// A resource kept asking for step-ups (more scopes, a fresher or stronger
        /// authentication) past `StepUpLimits.maximumAuthorizationRequests` (OAuthResources, the
        /// first sign-in included) in its window: no user agent opens again until the window has
        /// passed.
        public static let stepUpLimitReached = Kind("stepUpLimitReached")
        /// A step-up's sign-in came back with less than the sign-in it would replace (the user
        /// granted fewer of the scopes it had): the earlier, stronger sign-in is kept.
        public static let stepUpNarrowed = Kind("stepUpNarrowed")
        /// A resource asked for a step-up (more scopes, a fresher or stronger authentication) of a
        /// client that signs in with no user (client credentials, a workload's JWT): nobody can
        /// grant more, so nothing was asked; the client's grant at its server must change.
        public static let stepUpUnavailable = Kind("stepUpUnavailable")
        /// The server refused the audience or resource a token was asked for (`invalid_target`,
        /// RFC 8707 §2, RFC 8693 §2.2.2): its policy does not let this client reach that target.
        public static let invalidTarget = Kind("invalidTarget")
        /// No sign-in of the app's family to sign in from: no sibling signed in, or the provider
        /// issued no device secret (Native SSO draft 07 §3.4). Sign in on the app's own.
        public static let noFamilySignIn = Kind("noFamilySignIn")
        /// The server refused the family's device secret: expired, revoked or not the ID token's
        /// (`ds_hash`, Native SSO draft 07 §4.3). Sign in on the app's own.
        public static let deviceSecretRefused = Kind("deviceSecretRefused")
        /// The family's ID token was refused: not the provider's (checked before it is sent), or
        /// refused by the server once expired. Sign in on the app's own.
        public static let familyIDTokenRefused = Kind("familyIDTokenRefused")
        /// The server does not let this client sign in from the family (`unauthorized_client`,
        /// `invalid_client`): it is not one of the family's apps there.
        public static let notInFamily = Kind("notInFamily")
        /// The user-agent did not deliver a callback in time.
        public static let timedOut = Kind("timedOut")
        /// The user closed the browser or cancelled, or the task awaiting the sign-in was cancelled.
        public static let cancelled = Kind("cancelled")

        /// Whether `error` is of this kind: what makes `catch OAuthError.Kind.cancelled` work
        /// in a `do` block whose error type is `OAuthError`.
        public static func ~= (kind: Kind, error: OAuthError) -> Bool {
            error.kind == kind
        }

        /// Whether `error` is an ``OAuthError`` of this kind: what makes
        /// `catch OAuthError.Kind.cancelled` work in a `do` block that throws other errors too.
        public static func ~= (kind: Kind, error: any Error) -> Bool {
            (error as? OAuthError)?.kind == kind
        }
    }

    /// An OAuth error response: `error`, `error_description`, `error_uri`.
    public struct ProtocolError: Sendable, Hashable, CustomStringConvertible {
        /// The `error` code, e.g. `invalid_grant`.
        public var code: String
        /// The `error_description`, as the server sent it.
        public var errorDescription: String?
        /// The `error_uri`, as the server sent it.
        public var uri: String?

        /// An error response with its parts.
        public init(code: String, errorDescription: String? = nil, uri: String? = nil) {
            self.code = code
            self.errorDescription = errorDescription
            self.uri = uri
        }

        /// Both parts come from the server (or, for an authorization error, from whatever sent
        /// the callback): escaped so they cannot drive a terminal, and the description kept short.
        public var description: String {
            // RFC 6749 §5.2 codes are short words; a longer one is clipped like the description.
            TerminalText.escaping(String(code.prefix(64))) + (code.count > 64 ? "…" : "")
                + (errorDescription.map { ": \(TerminalText.escaping(String($0.prefix(300))))" } ?? "")
        }
    }
}

extension OAuthError: CustomStringConvertible, LocalizedError {
    /// What was expected and what was found, escaped so the text is safe for a terminal or a log.
    public var description: String {
        TerminalText.escaping(message)
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
