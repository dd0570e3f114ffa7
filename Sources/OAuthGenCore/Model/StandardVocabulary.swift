/// What OIDC Core says about the standard scopes and claims, for types and doc comments.
enum StandardVocabulary {
    static let scopeDocumentation: [String: String] = [
        "openid": "Requests an ID token: the sign-in is OpenID Connect (OIDC Core §3.1.2.1).",
        "profile": "The user's default profile claims: name, picture, locale… (OIDC Core §5.4).",
        "email": "The `email` and `email_verified` claims (OIDC Core §5.4).",
        "address": "The `address` claim (OIDC Core §5.4).",
        "phone": "The `phone_number` and `phone_number_verified` claims (OIDC Core §5.4).",
        "offline_access": "Requests a refresh token usable while the user is away (OIDC Core §11).",
    ]

    /// Claim name → (Swift type, documentation). OIDC Core §2 (ID token) and §5.1 (standard claims).
    static let claims: [String: (type: String, documentation: String)] = [
        "sub": ("String", "Subject: the provider's stable, unique identifier for the user."),
        "iss": ("String", "Issuer of the token."),
        "aud": ("Audience", "Audiences the token is intended for; includes the client ID."),
        "exp": ("Date", "Expiry time."),
        "iat": ("Date", "Time the token was issued."),
        "auth_time": ("Date", "Time the user authenticated."),
        "nonce": ("String", "The nonce of the authentication request."),
        "acr": ("String", "Authentication context class reference."),
        "amr": ("[String]", "Authentication methods used."),
        "azp": ("String", "Authorized party: the client the token was issued to."),
        "at_hash": ("String", "Access token hash."),
        "c_hash": ("String", "Authorization code hash."),
        "sid": ("String", "Session ID."),
        "jti": ("String", "Unique token identifier."),
        "name": ("String", "Full name."),
        "given_name": ("String", "Given (first) name."),
        "family_name": ("String", "Family (last) name."),
        "middle_name": ("String", "Middle name."),
        "nickname": ("String", "Casual name."),
        "preferred_username": ("String", "Shorthand name the user wishes to be referred to by; not unique."),
        "profile": ("String", "Profile page URL."),
        "picture": ("String", "Profile picture URL."),
        "website": ("String", "Web page or blog URL."),
        "email": ("String", "Preferred email address; check `emailVerified` before trusting it."),
        "email_verified": ("Bool", "Whether the provider verified the email address."),
        "gender": ("String", "Gender."),
        "birthdate": ("String", "Birthday as YYYY-MM-DD (or YYYY)."),
        "zoneinfo": ("String", "Time zone, e.g. Europe/Paris."),
        "locale": ("String", "Locale as a BCP47 tag, e.g. en-US."),
        "phone_number": ("String", "Preferred telephone number."),
        "phone_number_verified": ("Bool", "Whether the provider verified the phone number."),
        "address": ("AddressClaim", "Preferred postal address."),
        "updated_at": ("Date", "Time the user's information was last updated."),
    ]

    /// Claims every generated `Claims` has, whatever `claims_supported` lists: the ones OIDC Core
    /// §2 requires in every ID token.
    static let requiredIDTokenClaims = ["sub", "iss", "aud", "exp", "iat"]

    /// Quirk-file claim types → Swift types.
    static func swiftType(for type: QuirkFile.ClaimType) -> String {
        switch type {
        case .string: "String"
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .date: "Date"
        case .strings: "[String]"
        }
    }
}
