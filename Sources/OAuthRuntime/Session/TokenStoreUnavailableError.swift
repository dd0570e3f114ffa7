/// A ``TokenStore``'s answer that it cannot be read or written *now*, though it may well hold a
/// sign-in: the Keychain before the device's first unlock after a restart (a prewarmed or
/// background launch), or a biometric prompt the user dismissed.
///
/// A session that meets it is not signed out and does not remember the answer: it throws
/// ``OAuthError/Kind/storageUnavailable`` and reads the store again at the next call.
public struct TokenStoreUnavailableError: Error, Sendable, CustomStringConvertible {
    /// Why the store cannot be used now, and when it may be again.
    public let reason: String
    /// The system's error, if any (an `NSError` in `NSOSStatusErrorDomain` for the Keychain).
    public let underlyingError: (any Error)?

    /// An answer of "not now", with why.
    public init(_ reason: String, underlyingError: (any Error)? = nil) {
        self.reason = reason
        self.underlyingError = underlyingError
    }

    /// The reason.
    public var description: String { reason }
}
