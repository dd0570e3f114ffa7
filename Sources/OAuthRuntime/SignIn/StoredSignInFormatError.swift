import Foundation

/// A stored sign-in written by a newer version of the app, in a format this one cannot read. It
/// is kept in the store: the session reports ``OAuthError/Kind/storedSignInIncompatible``, and
/// the newer version, once installed again, reads it.
@_spi(BuildingBlocks)
public struct StoredSignInFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record's format version.
    public var found: Int

    /// What was expected and what was found.
    public var description: String {
        "expected a stored sign-in of format \(SignInRecord.formatVersion) or older, found format \(found) (written by a newer version of the app); it is kept"
    }
}
