import Foundation

/// The outcome of a sign-in or a refresh with one provider: its tokens and, for an OpenID
/// provider, the verified ID token and its claims as the provider's `Claims` type.
///
/// ```swift
/// let signIn = try await Google.client().signIn(with: LoopbackUserAgent())
/// print(signIn.claims.email ?? signIn.claims.sub)
/// ```
///
/// Its description never shows a token.
public struct SignIn<Provider: OAuthProvider>: Sendable {
    /// The tokens.
    public var tokens: TokenSet
    /// The verified ID token; always present for an ``OpenIDProvider``.
    public let idToken: VerifiedIDToken?
    /// The ID token's claims, decoded once when the token was verified (or the sign-in loaded).
    let decodedClaims: Provider.Claims?
    /// When the user authenticated at the provider for this sign-in: the first ID token's
    /// `auth_time`, kept across refreshes. Use it, not the latest token's claims, for `max_age`
    /// decisions: OIDC Core §12.2 says a refreshed token repeats the original `auth_time`, but
    /// some providers report the user's latest login anywhere (another device's), which the
    /// runtime accepts without letting it make this sign-in look fresher. `nil` when the
    /// provider sent no `auth_time`.
    public internal(set) var authenticatedAt: Date?
    /// Whether the tokens came from a refresh a resource's `invalid_token` asked for
    /// (``SignInRecord/renewedAfterRejection``).
    var renewedAfterRejection = false

    /// How the user authenticated for this ID token: its `acr` claim (OIDC Core §2), typed by the
    /// provider's listed values. The provider may answer an `acr_values` request with a weaker
    /// class than asked for; compare before granting what needed the stronger one. `nil` without
    /// an ID token or an `acr` claim.
    public var authenticationContextClass: Provider.ACRValue? {
        idToken?.allClaims["acr"]?.stringValue.map(Provider.ACRValue.init(rawValue:))
    }

    /// A sign-in from tokens whose ID token, if any, has been verified; the claims are decoded
    /// here as `Provider.Claims`, so a claim of an unexpected type fails the sign-in, not a
    /// later read.
    package init(tokens: TokenSet, idToken: VerifiedIDToken?) throws(OAuthError) {
        let requiresIDToken = Provider.self is any OpenIDProvider.Type
        guard let idToken else {
            if requiresIDToken {
                throw OAuthError.invalidTokenResponse("no \"id_token\" in an OpenID Connect response")
            }
            self.init(tokens: tokens, idToken: nil, claims: nil)
            return
        }
        do {
            self.init(tokens: tokens, idToken: idToken, claims: try idToken.claims(as: Provider.Claims.self))
        } catch {
            throw OAuthError.invalidIDToken(
                .malformed("its claims do not decode as \(Provider.self).Claims: \(DecodingErrorText.describe(error))"))
        }
    }

    private init(tokens: TokenSet, idToken: VerifiedIDToken?, claims: Provider.Claims?) {
        self.tokens = tokens
        self.idToken = idToken
        self.decodedClaims = claims
        self.authenticatedAt = idToken?.authTime
    }

    /// What a store keeps of it.
    var record: SignInRecord {
        var record = SignInRecord(tokens: tokens, idToken: idToken)
        record.authenticatedAt = authenticatedAt
        record.renewedAfterRejection = renewedAfterRejection
        return record
    }

    /// A sign-in from what a store kept; `nil` when it cannot be one of this provider's (no ID
    /// token for an OpenID provider).
    ///
    /// - Throws: ``OAuthError/Kind/storedSignInIncompatible`` when its claims no longer decode as
    ///   `Provider.Claims`: the sign-in is this provider's, but this version of the app cannot read it.
    init?(record: SignInRecord) throws(OAuthError) {
        do {
            self = try SignIn(tokens: record.tokens, idToken: record.idToken)
            if let authenticatedAt = record.authenticatedAt { self.authenticatedAt = authenticatedAt }
            renewedAfterRejection = record.renewedAfterRejection
        } catch {
            guard record.idToken != nil, error.kind == .invalidIDToken else { return nil }
            throw OAuthError(
                .storedSignInIncompatible,
                "expected the stored sign-in's claims to decode as \(Provider.self).Claims, found \(error.description.replacingOccurrences(of: "ID token is malformed: its claims do not decode as \(Provider.self).Claims: ", with: "")); its tokens are kept",
                underlyingError: error)
        }
    }
}

extension SignIn where Provider: OpenIDProvider {
    /// The verified ID token's claims.
    public var claims: Provider.Claims {
        // `init` throws for an OpenID provider unless it decoded them.
        guard let decodedClaims else {
            preconditionFailure("a sign-in with an OpenID provider always has verified claims")
        }
        return decodedClaims
    }

    /// The verified ID token.
    public var verifiedIDToken: VerifiedIDToken {
        guard let idToken else {
            preconditionFailure("a sign-in with an OpenID provider always has a verified ID token")
        }
        return idToken
    }
}

extension SignIn: Hashable {
    /// Equal when the tokens, the ID token and ``authenticatedAt`` are; the claims follow from
    /// the ID token.
    public static func == (lhs: SignIn, rhs: SignIn) -> Bool {
        lhs.tokens == rhs.tokens && lhs.idToken == rhs.idToken && lhs.authenticatedAt == rhs.authenticatedAt
    }

    /// Hashes the tokens and the ID token.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens)
        hasher.combine(idToken)
    }
}

extension SignIn: CustomStringConvertible {
    /// The subject and the token metadata; never a token.
    public var description: String { "SignIn<\(Provider.self)>(\(tokens), subject: \(idToken?.subject ?? "none"))" }
}

extension SignIn: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}

extension SignIn {
    /// Whether both hold the same access and refresh tokens: the same grant at the same moment,
    /// whatever else a store's encoding may round.
    func holdsSameTokens(as other: SignIn) -> Bool {
        tokens.accessToken == other.tokens.accessToken && tokens.refreshToken == other.tokens.refreshToken
    }
}
