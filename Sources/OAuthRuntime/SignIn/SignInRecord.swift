import Foundation

/// A sign-in as a ``TokenStore`` keeps it, without its provider type.
///
/// Its stored form carries a format version (``formatVersion``) and whose sign-in it is
/// (``owner``): a session reads a record of any earlier format forever (golden records of each
/// format are decoded in the project's tests), refuses one written by a newer version of the app
/// without deleting it, and neither uses nor clears another client's.
public struct SignInRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The newest format this version reads. 1: the tokens and the ID token (no version member);
    /// 2: with ``owner`` and ``authenticatedAt``; 3: with ``registration``. A record is written in
    /// the oldest format that holds it, so an app that registers no client stays readable by
    /// versions that know format 2.
    public static let formatVersion = 3

    /// The tokens.
    public var tokens: TokenSet
    /// The verified ID token, if the sign-in had one.
    public var idToken: VerifiedIDToken?
    /// When the user authenticated for this sign-in (``SignIn/authenticatedAt``): the first ID
    /// token's `auth_time`, which a refreshed one may not repeat. `nil` in a record written
    /// before it was kept: the ID token's own `auth_time` then stands.
    public var authenticatedAt: Date?
    /// The provider and client whose sign-in this is; `nil` in a format-1 record, or one a
    /// custom store made without a session.
    public var owner: SignInOwner?
    /// How the client was registered, when it registered itself at run time (RFC 7591) or uses
    /// a metadata document: kept with the sign-in so the next run reuses the client ID. Its
    /// registration access token is a secret like the refresh token.
    public var registration: ClientRegistrationRecord?
    /// Whether these tokens came from a refresh that a resource's refusal of the previous ones
    /// (`invalid_token`) asked for: refused again, they are refused for the resource's own
    /// reasons, and no session sharing the store refreshes them for it again.
    public var renewedAfterRejection = false
    /// A protected resource's step-ups made for this sign-in's account, and the challenge it
    /// answered (`ProtectedResourceSession`): shared by every process on the store.
    var stepUps: StepUpLedger?

    /// A record of a sign-in's tokens.
    public init(tokens: TokenSet, idToken: VerifiedIDToken?, owner: SignInOwner? = nil) {
        self.tokens = tokens
        self.idToken = idToken
        self.owner = owner
    }

    /// The subject and the token metadata; never a token.
    public var description: String {
        "SignInRecord(\(tokens), subject: \(idToken?.subject ?? "none")\(owner.map { ", owner: \($0)" } ?? ""))"
    }

    private enum CodingKeys: String, CodingKey {
        case formatVersion, tokens, idToken, authenticatedAt, owner, registration, renewedAfterRejection, stepUps
    }

    /// Reads any format up to ``formatVersion``.
    ///
    /// - Throws: `StoredSignInFormatError` for a record of a newer format: a store reports it,
    ///   and keeps the record, rather than reading it as "no sign-in".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(Int.self, forKey: .formatVersion) ?? 1
        guard version <= Self.formatVersion else { throw StoredSignInFormatError(found: version) }
        tokens = try container.decode(TokenSet.self, forKey: .tokens)
        idToken = try container.decodeIfPresent(VerifiedIDToken.self, forKey: .idToken)
        authenticatedAt = try container.decodeIfPresent(Date.self, forKey: .authenticatedAt)
        owner = try container.decodeIfPresent(SignInOwner.self, forKey: .owner)
        registration = try container.decodeIfPresent(ClientRegistrationRecord.self, forKey: .registration)
        renewedAfterRejection = try container.decodeIfPresent(Bool.self, forKey: .renewedAfterRejection) ?? false
        stepUps = try container.decodeIfPresent(StepUpLedger.self, forKey: .stepUps)
    }

    /// Writes the oldest format that holds the record: 3 with a ``registration``, else 2.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(registration == nil ? 2 : Self.formatVersion, forKey: .formatVersion)
        try container.encode(tokens, forKey: .tokens)
        try container.encodeIfPresent(idToken, forKey: .idToken)
        try container.encodeIfPresent(authenticatedAt, forKey: .authenticatedAt)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encodeIfPresent(registration, forKey: .registration)
        // Written only when true: a record without it reads the same in every version.
        if renewedAfterRejection { try container.encode(true, forKey: .renewedAfterRejection) }
        // Likewise: an older version reading the record ignores it (and drops it when it writes).
        try container.encodeIfPresent(stepUps, forKey: .stepUps)
    }

    /// Decodes a stored record: `nil` for bytes that are no record at all (they never will be),
    /// `StoredSignInFormatError` for a record of a newer format (a newer version of the app
    /// can read it: keep it).
    package static func decode(stored data: Data) throws(StoredSignInFormatError) -> SignInRecord? {
        do {
            return try JSONDecoder().decode(SignInRecord.self, from: data)
        } catch let error as StoredSignInFormatError {
            throw error
        } catch {
            return nil
        }
    }
}

extension SignInRecord: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
