import Foundation

/// The authorization code from a validated callback. Its description never shows the code.
@_spi(BuildingBlocks)
public struct AuthorizationCode: Sendable, Hashable, CustomStringConvertible {
    /// The code, for the token request only; never printed.
    public let code: String

    public var description: String { "AuthorizationCode(<redacted>)" }
}
