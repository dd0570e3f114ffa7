import Foundation

/// A sign-in as a ``TokenStore`` keeps it, without its provider type.
///
/// Its stored form carries a format version (``formatVersion``) and whose sign-in it is
/// (``owner``): a session reads a record of any earlier format forever (golden records of each
/// format are decoded in the project's tests), refuses one written by a newer version of the app
/// without deleting it, and neither uses nor clears another client's.
public struct SignInRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The format this version writes. 1: the tokens and the ID token (no version member);
    /// 2: with ``owner`` and ``authenticatedAt``.
    public static let formatVersion = 2

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
        case formatVersion, tokens, idToken, authenticatedAt, owner
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
    }

    /// Writes ``formatVersion``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .formatVersion)
        try container.encode(tokens, forKey: .tokens)
        try container.encodeIfPresent(idToken, forKey: .idToken)
        try container.encodeIfPresent(authenticatedAt, forKey: .authenticatedAt)
        try container.encodeIfPresent(owner, forKey: .owner)
    }

    /// Decodes a stored record: `nil` for bytes that are no record at all (they never will be),
    /// `StoredSignInFormatError` for a record of a newer format (a newer version of the app
    /// can read it: keep it).
    static func decode(stored data: Data) throws(StoredSignInFormatError) -> SignInRecord? {
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
