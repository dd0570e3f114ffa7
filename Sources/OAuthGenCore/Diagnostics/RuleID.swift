/// The stable identifier of every check oauthgen makes. The raw values appear in output and in
/// the Rules article (Documentation/oauthgen.docc/Rules.md, one heading each); never rename one.
package enum RuleID: String, Sendable, Hashable, CaseIterable, Codable {
    // Reading the inputs.
    case inputUnreadable = "input-unreadable"
    case inputTooLarge = "input-too-large"
    case inputInvalidUTF8 = "input-invalid-utf8"
    case inputUnrecognized = "input-unrecognized"
    case inputProviderName = "input-provider-name"
    case inputDuplicate = "input-duplicate"
    case inputMissingDiscovery = "input-missing-discovery"
    case inputCompanionNotNamed = "input-companion-not-named"
    case inputInvisibleCharacter = "input-invisible-character"
    case jsonSyntax = "json-syntax"
    case jsonDuplicateMember = "json-duplicate-member"
    case plistSyntax = "plist-syntax"
    case plistEntity = "plist-entity"
    case plistStructure = "plist-structure"
    case plistDuplicateKey = "plist-duplicate-key"
    case templateInvalid = "template-invalid"
    case configUnknownKey = "config-unknown-key"
    case configInvalid = "config-invalid"
    case configUnknownProvider = "config-unknown-provider"

    // Quirk files.
    case quirkUnknownKey = "quirk-unknown-key"
    case quirkWrongType = "quirk-wrong-type"
    case quirkInvalidValue = "quirk-invalid-value"
    case quirkClientID = "quirk-client-id"
    case quirkInvalidName = "quirk-invalid-name"
    case quirkWeakPKCE = "quirk-weak-pkce"
    case quirkClientSecret = "quirk-client-secret"
    case quirkImplicitGrant = "quirk-implicit-grant"
    case quirkReservedParameter = "quirk-reserved-parameter"
    case quirkReservedHeader = "quirk-reserved-header"
    case quirkUnknownScope = "quirk-unknown-scope"
    case quirkInvalidScope = "quirk-invalid-scope"
    case quirkInvalidACRValue = "quirk-invalid-acr-value"
    case quirkIssuerTemplate = "quirk-issuer-template"
    case quirkLoopbackDevelopment = "quirk-loopback-development"

    // Redirect URIs.
    case redirectSyntax = "redirect-syntax"
    case redirectNotAbsolute = "redirect-not-absolute"
    case redirectFragment = "redirect-fragment"
    case redirectWildcard = "redirect-wildcard"
    case redirectPort = "redirect-port"
    case redirectCredentials = "redirect-credentials"
    case redirectReservedScheme = "redirect-reserved-scheme"
    case redirectSchemeNoPeriod = "redirect-scheme-no-period"
    case redirectSchemeForwardOrder = "redirect-scheme-forward-order"
    case redirectSchemeDoubleSlash = "redirect-scheme-double-slash"
    case redirectSchemeRootless = "redirect-scheme-rootless"
    case redirectHTTPSNoHost = "redirect-https-no-host"
    case redirectHTTPSNotClaimable = "redirect-https-not-claimable"
    case redirectHTTPNotLoopback = "redirect-http-not-loopback"
    case redirectLocalhost = "redirect-localhost"
    case redirectFixedPort = "redirect-fixed-port"
    case redirectDuplicate = "redirect-duplicate"
    case redirectNone = "redirect-none"
    case redirectSchemeTooLongForWindows = "redirect-scheme-too-long-windows"

    // Discovery documents.
    case discoveryMissingMember = "discovery-missing-member"
    case discoveryWrongType = "discovery-wrong-type"
    case discoveryIssuer = "discovery-issuer"
    case discoveryIssuerMismatch = "discovery-issuer-mismatch"
    case discoveryInsecureEndpoint = "discovery-insecure-endpoint"
    case discoveryInvalidURL = "discovery-invalid-url"
    case discoveryNoCodeResponseType = "discovery-no-code-response-type"
    case discoveryNoCodeGrant = "discovery-no-code-grant"
    case discoveryNoQueryResponseMode = "discovery-no-query-response-mode"
    case discoveryInvalidScope = "discovery-invalid-scope"
    case discoveryInvalidACRValue = "discovery-invalid-acr-value"
    case discoveryInvalidPromptValue = "discovery-invalid-prompt-value"
    case discoveryNoS256 = "discovery-no-s256"
    case discoveryNoRS256 = "discovery-no-rs256"
    case discoveryUnsignedIDToken = "discovery-unsigned-id-token"
    case discoveryHMACIDToken = "discovery-hmac-id-token"

    // Protected resource metadata (RFC 9728), pinned with `init --resource`.
    case resourceWrongType = "resource-wrong-type"
    case resourceIdentifier = "resource-identifier"
    case resourceAuthorizationServer = "resource-authorization-server"
    case resourceBearerMethod = "resource-bearer-method"
    case resourceScope = "resource-scope"
    case clientMetadataDrift = "client-metadata-drift"

    // Pushed authorization requests and the device grant: what the quirk file asks for against
    // what the metadata offers.
    case parEndpointMissing = "par-endpoint-missing"
    case parRequiredByProvider = "par-required-by-provider"
    case deviceEndpointMissing = "device-endpoint-missing"
    case deviceGrantNotListed = "device-grant-not-listed"
    case revocationEndpointMissing = "revocation-endpoint-missing"
    case dpopNoSupportedAlgorithm = "dpop-no-supported-algorithm"
    case dpopNotAdvertised = "dpop-not-advertised"
    case extensionGrantNotListed = "extension-grant-not-listed"
    case authMethodNotListed = "auth-method-not-listed"

    // Fetching a provider's document.
    case fetchIssuerInvalid = "fetch-issuer-invalid"
    case fetchResourceInvalid = "fetch-resource-invalid"
    case fetchFailed = "fetch-failed"

    // Pinned documents against what the provider serves now.
    case driftRemoved = "drift-removed"
    case driftChanged = "drift-changed"
    case driftAdded = "drift-added"

    // Importing legacy SDK property lists.
    case importUnrecognized = "import-unrecognized"
    case importIncomplete = "import-incomplete"
    case schemeNotRegistered = "scheme-not-registered"
    case schemeUnused = "scheme-unused"

    // The app's own files, named in oauthgen.json.
    case associatedDomainMissing = "associated-domain-missing"
    case keychainGroupNotEntitled = "keychain-group-not-entitled"
    case appGroupNotEntitled = "app-group-not-entitled"

    // A family of apps sharing one sign-in (OpenID Connect Native SSO).
    case nativeSSOFamily = "native-sso-family"
    case nativeSSONotAdvertised = "native-sso-not-advertised"
    case nativeSSOFamilyDisagrees = "native-sso-family-disagrees"

    // `oauthgen init` and the catalog of known providers.
    case catalogUnknownProvider = "catalog-unknown-provider"
    case catalogMissingValue = "catalog-missing-value"
    case catalogRedirectNotAllowed = "catalog-redirect-not-allowed"
    case catalogNativeSSOUnsupported = "catalog-native-sso-unsupported"
    case catalogInvalidEntry = "catalog-invalid-entry"
    case catalogAdvice = "catalog-advice"

    // Across providers.
    case mixUpSharedRedirect = "mixup-shared-redirect"
    case mixUpSharedIssuer = "mixup-shared-issuer"

    /// The standard and section that the rule enforces.
    package var reference: String? {
        switch self {
        case .inputUnreadable, .inputUnrecognized, .inputProviderName, .inputDuplicate, .inputTooLarge,
            .inputMissingDiscovery, .inputCompanionNotNamed, .templateInvalid, .driftRemoved, .driftChanged,
            .driftAdded, .importUnrecognized, .importIncomplete, .catalogUnknownProvider, .catalogMissingValue,
            .catalogRedirectNotAllowed, .catalogInvalidEntry, .catalogAdvice, .configUnknownKey, .configInvalid,
            .configUnknownProvider, .quirkUnknownKey, .quirkWrongType, .quirkInvalidValue, .quirkInvalidName,
            .quirkIssuerTemplate, .fetchFailed:
            nil
        case .fetchIssuerInvalid: "OpenID Connect Discovery 1.0 §4; RFC 8414 §3; RFC 8252 §8.3"
        case .fetchResourceInvalid: "RFC 9728 §1.2, §3.1, §5.1; RFC 8252 §8.3"
        case .inputInvalidUTF8: "RFC 8259 §8.1"
        case .inputInvisibleCharacter: "Unicode UTS #55 §4"
        case .jsonSyntax: "RFC 8259 §2"
        case .jsonDuplicateMember: "RFC 8259 §4"
        case .plistSyntax: "XML 1.0 §2.1"
        case .plistEntity: "XML 1.0 §4.2"
        case .plistStructure, .plistDuplicateKey: "Apple PropertyList-1.0.dtd"
        case .quirkWeakPKCE: "RFC 8252 §8.1"
        case .quirkLoopbackDevelopment: "RFC 8252 §8.3"
        case .quirkClientSecret: "RFC 8252 §8.5"
        case .quirkClientID: "RFC 6749 §2.2, Appendix A.1"
        case .quirkImplicitGrant: "RFC 8252 §8.2"
        case .quirkReservedParameter: "RFC 6749 §4.1.1"
        case .quirkReservedHeader: "RFC 9110 §5, §7.6.1"
        case .quirkUnknownScope, .quirkInvalidScope, .discoveryInvalidScope: "RFC 6749 §3.3"
        case .quirkInvalidACRValue, .discoveryInvalidACRValue, .discoveryInvalidPromptValue: "OIDC Core §3.1.2.1"
        case .redirectSyntax: "RFC 3986 §3"
        case .redirectNotAbsolute: "RFC 6749 §3.1.2"
        case .redirectFragment: "RFC 6749 §3.1.2"
        case .redirectWildcard: "RFC 8252 §8.4"
        case .redirectPort: "RFC 3986 §3.2.3"
        case .redirectCredentials: "RFC 3986 §3.2.1"
        case .redirectReservedScheme, .redirectSchemeForwardOrder, .redirectSchemeDoubleSlash: "RFC 8252 §7.1"
        case .redirectSchemeNoPeriod: "RFC 8252 §8.4"
        case .redirectSchemeRootless: "RFC 8252 §7.1; openid/AppAuth-iOS #929"
        case .redirectHTTPSNoHost, .redirectHTTPSNotClaimable: "RFC 8252 §7.2"
        case .redirectHTTPNotLoopback, .redirectFixedPort: "RFC 8252 §7.3"
        case .redirectLocalhost: "RFC 8252 §8.3"
        case .redirectDuplicate: "RFC 8252 §8.4"
        case .redirectNone: "RFC 6749 §3.1.2.2; RFC 8252 §7"
        case .redirectSchemeTooLongForWindows: "RFC 8252 Appendix B.3"
        case .discoveryMissingMember, .discoveryWrongType, .discoveryIssuer, .discoveryInsecureEndpoint,
            .discoveryInvalidURL:
            "OpenID Connect Discovery 1.0 §3; RFC 8414 §2"
        case .discoveryIssuerMismatch: "OpenID Connect Discovery 1.0 §4.3; RFC 8414 §3.3"
        case .discoveryNoCodeResponseType: "RFC 8252 §6"
        case .discoveryNoCodeGrant: "RFC 8252 §6; RFC 8414 §2"
        case .discoveryNoQueryResponseMode: "OAuth 2.0 Multiple Response Type Encoding Practices §2.1; RFC 8414 §2"
        case .discoveryNoS256: "RFC 8252 §6; RFC 7636 §4.2"
        case .discoveryNoRS256: "OpenID Connect Discovery 1.0 §3"
        case .discoveryUnsignedIDToken: "OpenID Connect Core 1.0 §3.1.3.7"
        case .discoveryHMACIDToken: "RFC 8725 §2.1"
        case .resourceWrongType: "RFC 9728 §2"
        case .resourceIdentifier: "RFC 9728 §3.3; RFC 8707 §2"
        case .resourceAuthorizationServer: "RFC 9728 §2, §7.6"
        case .resourceBearerMethod: "RFC 9728 §2; RFC 6750 §2.1"
        case .resourceScope: "RFC 9728 §2; RFC 6749 §3.3"
        case .clientMetadataDrift: "OAuth Client ID Metadata Document §4; RFC 7591 §2"
        case .parEndpointMissing, .parRequiredByProvider: "RFC 9126 §5"
        case .deviceEndpointMissing: "RFC 8628 §4"
        case .deviceGrantNotListed: "RFC 8628 §4; RFC 8414 §2"
        case .revocationEndpointMissing: "RFC 7009 §2; RFC 8414 §2"
        case .dpopNoSupportedAlgorithm, .dpopNotAdvertised: "RFC 9449 §5.1"
        case .extensionGrantNotListed: "RFC 8414 §2; RFC 8693 §2.1; RFC 7523 §2.1"
        case .authMethodNotListed: "RFC 8414 §2; RFC 7523 §2.2; OpenID Connect Core 1.0 §9"
        case .mixUpSharedRedirect, .mixUpSharedIssuer: "RFC 8252 §8.10"
        case .schemeNotRegistered, .schemeUnused: "RFC 8252 Appendix B.1"
        case .associatedDomainMissing: "RFC 8252 §7.2, Appendix B.1"
        case .keychainGroupNotEntitled, .appGroupNotEntitled: nil
        case .nativeSSOFamily, .nativeSSOFamilyDisagrees:
            "OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 §2, §4.1"
        case .nativeSSONotAdvertised, .catalogNativeSSOUnsupported:
            "OpenID Connect Native SSO for Mobile Apps 1.0 draft 07 §5"
        }
    }
}
