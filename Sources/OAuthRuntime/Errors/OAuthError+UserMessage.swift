extension OAuthError {
    /// A short sentence to show the person using the app: what happened and what to do, in
    /// plain words, without the expected-and-found detail of ``description`` (which is for logs
    /// and developers) and without anything a server sent.
    ///
    /// ```swift
    /// do {
    ///     try await session.signIn(with: agent)   // throws only OAuthError: so is `error`
    /// } catch {
    ///     logger.error("\(error.description)")     // for you
    ///     alertMessage = error.userMessage         // for them
    /// }
    /// ```
    ///
    /// English; an app that localizes switches over ``kind`` for its own strings.
    public var userMessage: String {
        if kind == .authorizationFailed, protocolError?.code == "access_denied" {
            return "Sign-in was declined."
        }
        return Self.userMessages[kind] ?? Self.genericUserMessage
    }

    /// The message for a kind the table does not name (a kind added later, in a newer runtime).
    static let genericUserMessage = "Sign-in failed. Please try again."

    /// One sentence per kind, grouped by what the person can do about it.
    static let userMessages: [Kind: String] = {
        var messages: [Kind: String] = [:]
        func say(_ message: String, for kinds: [Kind]) { for kind in kinds { messages[kind] = message } }
        say("Sign-in was cancelled.", for: [.cancelled])
        say("Couldn't reach the sign-in service. Check your connection and try again.", for: [.network])
        say("Sign-in took too long. Please try again.", for: [.timedOut, .pendingAuthorizationExpired])
        say("You're signed out. Please sign in again.", for: [.signedOut, .notSignedIn])
        say("Open the app to sign in or to allow more access.", for: [.interactionRequired])
        say("This needs a more recent or a stronger sign-in. Please sign in again.", for: [.insufficientAuthentication])
        say("This service keeps asking to sign in again. Please try again later.", for: [.stepUpLimitReached])
        say(
            "That sign-in allowed less than before, so the earlier one was kept. Allow all the access asked for to continue.",
            for: [.stepUpNarrowed])
        say("This service needs more access than this agent was given.", for: [.stepUpUnavailable])
        say("Your account changed while this was in progress. Please try again.", for: [.sessionChanged])
        say("Unlock your device to continue.", for: [.storageUnavailable])
        say(
            "Your sign-in couldn't be saved or read on this device. Please sign in again.",
            for: [.storageFailed, .storedSignInIncompatible, .storedSignInMismatch])
        say(
            "Sign-in couldn't be completed safely. Please try again.",
            for: [
                .redirectMismatch, .stateMismatch, .issuerMismatch, .duplicateParameter, .missingParameter,
                .pendingAuthorizationMismatch, .invalidIDToken, .userInfoSubjectMismatch,
            ])
        say(
            "The sign-in service had a problem. Please try again later.",
            for: [
                .authorizationFailed, .requestRejected, .unexpectedResponse, .redirectRefused, .responseTooLarge,
                .invalidTokenResponse, .invalidPushedAuthorization, .invalidDeviceAuthorization, .invalidUserInfo,
                .invalidDiscoveryDocument, .invalidRegistration, .backendExchangeFailed,
            ])
        say("Your organization doesn't allow this app to reach that service.", for: [.invalidTarget])
        say(
            "Please sign in to this app.",
            for: [.noFamilySignIn, .deviceSecretRefused, .familyIDTokenRefused, .notInFamily])
        say("The browser couldn't be opened for sign-in.", for: [.browserFailed, .listenerFailed])
        say("This device couldn't create the key sign-in needs.", for: [.dpopKeyFailed])
        say(
            "Sign-in isn't set up correctly in this app.",
            for: [.invalidConfiguration, .invalidRequest, .insecureEndpoint, .missingEndpoint, .resourceNotAllowed])
        return messages
    }()
}
