/// What OIDC Core says about the standard scopes and claims, for types and doc comments.
enum StandardVocabulary {
    /// `acr` values with a published meaning; a provider's own values are documented by its
    /// quirk file's `acrValues` descriptions, or by name.
    static let acrValueDocumentation: [String: String] = [
        "0":
            "No assurance: the authentication does not meet ISO/IEC 29115 level 1, such as a long-lived browser cookie (OIDC Core §2).",
        "phr": "Phishing-resistant authentication (OpenID EAP ACR Values 1.0 §3).",
        "phrh": "Phishing-resistant authentication with a hardware-protected key (OpenID EAP ACR Values 1.0 §3).",
    ]

    static let scopeDocumentation: [String: String] = [
        "openid": "Requests an ID token: the sign-in is OpenID Connect (OIDC Core §3.1.2.1).",
        "profile": "The user's default profile claims: name, picture, locale… (OIDC Core §5.4).",
        "email": "The `email` and `email_verified` claims (OIDC Core §5.4).",
        "address": "The `address` claim (OIDC Core §5.4).",
        "phone": "The `phone_number` and `phone_number_verified` claims (OIDC Core §5.4).",
        "offline_access": "Requests a refresh token usable while the user is away (OIDC Core §11).",
    ]

    /// Claim name → (type, documentation). OIDC Core §2 (ID token) and §5.1 (standard claims).
    static let claims: [String: (type: ProviderModel.ClaimType, documentation: String)] = [
        "sub": (.string, "Subject: the provider's stable, unique identifier for the user."),
        "iss": (.string, "Issuer of the token."),
        "aud": (.audience, "Audiences the token is intended for; includes the client ID."),
        "exp": (.date, "Expiry time."),
        "iat": (.date, "Time the token was issued."),
        "auth_time": (.date, "Time the user authenticated."),
        "nonce": (.string, "The nonce of the authentication request."),
        "acr": (.string, "Authentication context class reference."),
        "amr": (.strings, "Authentication methods used."),
        "azp": (.string, "Authorized party: the client the token was issued to."),
        "at_hash": (.string, "Access token hash."),
        "c_hash": (.string, "Authorization code hash."),
        "sid": (.string, "Session ID."),
        "jti": (.string, "Unique token identifier."),
        "name": (.string, "Full name."),
        "given_name": (.string, "Given (first) name."),
        "family_name": (.string, "Family (last) name."),
        "middle_name": (.string, "Middle name."),
        "nickname": (.string, "Casual name."),
        "preferred_username": (.string, "Shorthand name the user wishes to be referred to by; not unique."),
        "profile": (.string, "Profile page URL."),
        "picture": (.string, "Profile picture URL."),
        "website": (.string, "Web page or blog URL."),
        "email": (.string, "Preferred email address; check `emailVerified` before trusting it."),
        "email_verified": (.bool, "Whether the provider verified the email address."),
        "gender": (.string, "Gender."),
        "birthdate": (.string, "Birthday as YYYY-MM-DD (or YYYY)."),
        "zoneinfo": (.string, "Time zone, e.g. Europe/Paris."),
        "locale": (.string, "Locale as a BCP47 tag, e.g. en-US."),
        "phone_number": (.string, "Preferred telephone number."),
        "phone_number_verified": (.bool, "Whether the provider verified the phone number."),
        "address": (.address, "Preferred postal address."),
        "updated_at": (.date, "Time the user's information was last updated."),
    ]

    /// Claims every generated `Claims` has, whatever `claims_supported` lists: the ones OIDC Core
    /// §2 requires in every ID token.
    static let requiredIDTokenClaims = ["sub", "iss", "aud", "exp", "iat"]
}
