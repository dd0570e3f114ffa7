import Foundation
internal import OAuthPolicy

extension OAuthClient where Provider: SupportsDeviceAuthorization {
    /// Starts a device sign-in (RFC 8628 §3.1): the codes to show the user.
    ///
    /// - Parameters:
    ///   - scopes: `nil` for the provider's default scopes; an OpenID provider's always include `openid`.
    ///   - now: when the request is made, for ``DeviceAuthorization/expiresAt``.
    public func authorizeDevice(
        scopes: [Provider.Scope]? = nil, now: Date = Date()
    ) async throws(OAuthError) -> DeviceAuthorization<Provider> {
        try await startDeviceAuthorization(scopes: requestedScopes(scopes), now: now)
    }

    /// Polls the token endpoint (RFC 8628 §3.4–3.5) until the user approves, then verifies the ID
    /// token as the code flow does.
    ///
    /// Polls no sooner than the server's interval; `slow_down` adds 5 s to it for every later
    /// poll, and a timed-out request doubles it. Ends with ``OAuthError/Kind/authorizationFailed``
    /// when the user denies (`access_denied`), ``OAuthError/Kind/pendingAuthorizationExpired``
    /// when the code expires, ``OAuthError/Kind/cancelled`` when the calling task is cancelled.
    ///
    /// - Parameters:
    ///   - authorization: what ``authorizeDevice(scopes:now:)`` returned, with this client.
    ///   - clock: what the waits are measured and slept on; tests pass one they control.
    ///   - now: when polling starts, which the code's time left is read from (its
    ///     ``DeviceAuthorization/expiresAt`` less this); tests pass the moment they made it.
    public func signIn<C: Clock<Duration>>(
        with authorization: DeviceAuthorization<Provider>, clock: C = ContinuousClock(), now: Date = Date()
    ) async throws(OAuthError) -> SignIn<Provider> {
        try await pollDeviceAuthorization(authorization, clock: clock, now: now)
    }
}

extension OAuthClient {

    /// The device authorization request and its response (RFC 8628 §3.1–3.3), for any provider
    /// type: a provider described at run time is checked here rather than at compile time.
    package func startDeviceAuthorization(
        scopes: [String], now: Date
    ) async throws(OAuthError) -> DeviceAuthorization<Provider> {
        guard let endpoint = configuration.endpoints.deviceAuthorization else {
            throw OAuthError.missingEndpoint("device authorization endpoint")
        }
        let name = "device authorization endpoint"
        var parameters: [(String, String)] = []
        if !scopes.isEmpty { parameters.append(("scope", try configuration.quirks.scopeParameterValue(scopes))) }
        if let resource = configuration.resource { parameters.append(("resource", resource.absoluteString)) }
        let response = try await TokenEndpointExchange.post(
            parameters, to: endpoint, name: name, configuration: configuration,
            authentication: authentication, transport: transport)
        guard response.status == 200 else {
            throw TokenResponseDecoder.failure(
                for: response, quirks: configuration.quirks.tokenResponse, endpoint: name)
        }
        guard let object = try? JSONDecoder().decode([String: ClaimValue].self, from: response.body) else {
            throw OAuthError.invalidDeviceAuthorization("a body that is not a JSON object")
        }
        func string(_ key: String) throws(OAuthError) -> String {
            guard let value = object[key]?.stringValue, !value.isEmpty else {
                throw OAuthError.invalidDeviceAuthorization("no \"\(key)\" string")
            }
            return value
        }
        func verificationURL(_ key: String) throws(OAuthError) -> URL {
            // The user opens it: the same rule as every endpoint (https; http only on a loopback
            // literal, and only where the client allows it).
            let text = try string(key)
            guard let url = URL(string: text) else {
                throw OAuthError.invalidDeviceAuthorization("a \"\(key)\" that is not a URL")
            }
            try EndpointPolicy.requireSecure(url, name: key, allowInsecureLoopback: allowsInsecureLoopback)
            return url
        }
        let deviceCode = try string("device_code")
        let userCode = try string("user_code")
        // Some servers (Google's first version) said verification_url; RFC 8628 says verification_uri.
        let verificationURI = try verificationURL(
            object["verification_uri"] == nil && object["verification_url"] != nil
                ? "verification_url" : "verification_uri")
        let complete =
            object["verification_uri_complete"] == nil ? nil : try verificationURL("verification_uri_complete")
        guard let expiresIn = object["expires_in"]?.intValue, expiresIn > 0 else {
            throw OAuthError.invalidDeviceAuthorization("no positive \"expires_in\" number")
        }
        // RFC 8628 §3.2: "If no value is provided, clients MUST use 5 as the default."
        var interval = 5
        if let member = object["interval"] {
            guard let value = member.intValue, value > 0 else {
                throw OAuthError.invalidDeviceAuthorization("an \"interval\" that is not a positive number")
            }
            interval = value
        }
        return DeviceAuthorization(
            userCode: userCode, verificationURI: verificationURI, verificationURIComplete: complete,
            expiresAt: now.addingTimeInterval(TimeInterval(min(expiresIn, 86_400))),
            interval: .seconds(min(interval, 3_600)), deviceCode: deviceCode, scopes: scopes,
            clientID: clientID, issuer: configuration.issuer, dpopKey: usesDPoP ? try dpopKeyStorage.makeKey() : nil)
    }

    package func pollDeviceAuthorization<C: Clock<Duration>>(
        _ authorization: DeviceAuthorization<Provider>, clock: C, now: Date = Date()
    ) async throws(OAuthError) -> SignIn<Provider> {
        guard authorization.clientID == clientID, authorization.issuer == configuration.issuer else {
            throw OAuthError(
                .pendingAuthorizationMismatch,
                "expected a device authorization for client \"\(clientID)\" of this issuer, found one for \"\(authorization.clientID)\""
            )
        }
        // From here on the clock alone measures the code's life: a loaded machine that reached
        // this line late (78 s of wall-clock drift were seen) neither shortens nor stretches it.
        let remaining = authorization.expiresAt.timeIntervalSince(now)
        let deadline = clock.now.advanced(by: .milliseconds(Int64(max(0, remaining) * 1000)))
        var interval = authorization.interval
        let parameters = [
            ("grant_type", ResourceServerGrant.deviceCodeGrantType), ("device_code", authorization.deviceCode),
        ]
        // The codes are not logged: the user code is shown to the person by the app, never kept.
        options.telemetry.logger.info(
            "waiting for the device code's approval",
            metadata: [
                OAuthTelemetryKey.step.rawValue: .string(OAuthProgressStep.waitingForApproval.rawValue),
                OAuthTelemetryKey.deadline.rawValue: .string(
                    String(Int(authorization.expiresAt.timeIntervalSince1970))),
            ])
        while true {
            options.telemetry.logger.trace("polling the token endpoint for the device code's approval")
            do {
                try await clock.sleep(until: clock.now.advanced(by: interval), tolerance: nil)
            } catch {
                throw OAuthError.taskCancelled
            }
            guard clock.now < deadline else { throw OAuthError.deviceCodeExpired }
            let failure: OAuthError
            do {
                // Status 200 too: a provider with the errors-with-200 quirk says "pending" that way.
                // No spec makes an ID token part of this grant's response (django-oauth-toolkit
                // sends none): one is verified when present, and `SignIn` requires it for a
                // provider typed as OpenID, whose sign-ins always carry claims. With DPoP every
                // poll carries a proof (RFC 9449 §5).
                let tokens = try await TokenEndpointExchange.tokens(
                    parameters, dpopKey: authorization.dpopKey, configuration: configuration,
                    authentication: authentication, transport: transport, nonces: dpopNonces, now: Date())
                // No nonce: a device authorization request has none (RFC 8628 §3.1).
                return try await verifiedSignIn(tokens, nonce: nil, now: Date())
            } catch  where error.kind == .requestRejected {
                failure = error
            } catch  where error.kind == .network && (error.underlyingError as? URLError)?.code == .timedOut {
                // RFC 8628 §3.5: back off when the server does not answer.
                interval = interval * 2
                continue
            }
            switch failure.protocolError?.code {
            case "authorization_pending":
                continue
            case "slow_down":
                // "the interval MUST be increased by 5 seconds for this and all subsequent requests" (§3.5).
                interval += .seconds(5)
            case "access_denied":
                throw OAuthError.authorizationFailed(failure.protocolError ?? .init(code: "access_denied"))
            case "expired_token":
                throw OAuthError.deviceCodeExpired
            default:
                throw failure
            }
        }
    }
}

extension OAuthSession where Provider: SupportsDeviceAuthorization {
    /// Signs in with the device grant (RFC 8628) and keeps the result: the client's
    /// `signIn(with:)` polling until the user approves, then ``keep(_:)``.
    ///
    /// ```swift
    /// let device = try await session.client.authorizeDevice(scopes: [.email])
    /// show(device.userCode, device.verificationURI)
    /// try await session.signIn(with: device)
    /// ```
    @discardableResult
    public func signIn<C: Clock<Duration>>(
        with authorization: DeviceAuthorization<Provider>, clock: C = ContinuousClock()
    ) async throws(OAuthError) -> SignIn<Provider> {
        // The session's own clock reads the code's time left, as it reads every expiry.
        let signIn = try await client.signIn(with: authorization, clock: clock, now: now())
        try await keep(signIn)
        return signIn
    }
}
