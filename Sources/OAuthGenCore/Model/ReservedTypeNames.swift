/// Names a generated provider type must not take: a provider called `OAuthSession` would make the
/// generated file that says `OAuthSession<…>` mean itself, and one called `Error` or `Task` would
/// compile but shadow the standard type in every file of the app that imports it. The generator's
/// concern, kept with it (as swift-openapi-generator keeps its reserved names), not in the policy
/// module the runtime links.
package enum ReservedTypeNames {
    /// Every top-level public type of `OAuthRuntime`, which generated code and apps name unqualified.
    /// A test compares this list with the runtime's sources, so a new runtime type cannot be missed.
    package static let runtime: Set<String> = [
        "AccountTokenStore", "AddressClaim", "AnyACRValue", "Audience", "AuthorizationCallback", "AuthorizationCode",
        "AuthorizationHeaders",
        "AuthorizationParameters", "AuthorizationRequest", "BackendCodeExchange", "BuildVerifiedProvider", "ClaimValue",
        "ClientAssertionAudience", "ClientAuthentication", "ClientKey", "ClientOptions", "ClientRegistration",
        "ClientRegistrationRecord", "ClientRegistrationStore", "CodeExchange", "CodeGrant", "DPoPKey",
        "AppFamily", "DPoPKeyStorage", "DPoPProof", "DPoPSigningKey", "DeviceAuthorization", "DiscoveredProvider",
        "ExchangedToken",
        "EndpointPolicy", "ExternalUserAgent", "FamilySignIn", "FamilySignInFolder", "FamilySignInStore",
        "FileTokenStore", "GeneratedProvider", "HTTPRequest",
        "HTTPResponse", "HTTPStreamedResponse", "HTTPTransport", "IDTokenFailure", "IDTokenValidator", "IssuerTemplate",
        "JWKSCache", "KeychainFamilySignInStore", "KeychainTokenStore", "ListableRegistrationStore",
        "ListableTokenStore", "LoopbackListener",
        "LoopbackUserAgent", "MemoryTokenStore",
        "NoIDToken", "NoPostLogoutRedirectURI", "OAuthACRValue", "OAuthClaims", "OAuthClient", "OAuthError",
        "OAuthMetricName", "OAuthProgressStep", "OAuthPrompt", "OAuthProvider", "OAuthTelemetry", "OAuthTelemetryKey",
        "OAuthRedirectURI", "OAuthScope", "OAuthSession", "OpenIDProvider", "OwnerOnlyFile", "PKCE", "PKCEMethod",
        "PendingAuthorization", "ProviderConfiguration", "ProviderEndpoints", "ProviderMetadata",
        "ProviderQuirks", "QuirkParameter", "RedirectURIKind", "RegisteredRedirectURI", "ResourceRefusal",
        "ResponseTooLarge",
        "ScopeValue", "SecureEnclaveDPoPKey", "ObservableSession", "SessionState", "SignIn", "SignInOwner",
        "SignInRecord", "SignOutOutcome", "SignOutReason", "SoftwareDPoPKey",
        "StandardClaims", "StandardPrompt", "StoredSignInFormatError", "SupportsDeviceAuthorization",
        "SupportsEndSession",
        "SupportsNativeSSO", "SupportsRevocation", "SupportsUserInfo", "SwiftUIWebAuthenticationUserAgent",
        "TokenEndpointAuthMethod", "TokenResponseQuirks", "TokenSet", "TokenStore", "TokenStoreLock",
        "TokenExchangeRequest", "TokenStoreLockError", "TokenStoreUnavailableError", "TokenTypeHint", "TokenTypeURI",
        "URLOrigin", "URLSessionTransport",
        "VerifiedIDToken",
        "WebAuthenticationSessionUserAgent",
    ]

    /// Every top-level public type of `OAuthResources`, which an app calling protected resources
    /// names unqualified beside its providers. A test compares this list with its sources.
    package static let resources: Set<String> = [
        "BrowserSignIn", "ClientCredentialsIdentity", "ConfidentialClient", "DeviceCodePresenter",
        "DeviceGrantSignIn", "DiscoveredResource", "DynamicClientRegistration",
        "EnterpriseIdentity",
        "IdentityAssertionIssuer",
        "ProtectedResource", "ProtectedResourceSession", "ResourceClient", "ResourceDiscovery", "ResourceGrant",
        "ResourceSessionPolicy", "ResourceSignInContext", "ResourceSignInMethod", "ServerQuirkCatalog",
        "ServerQuirkEntry", "ServerQuirks", "SignInDemand", "StepUp", "StepUpLimits",
        "StoredResourceEntries", "TerminalProgress",
        "WorkloadIdentity",
    ]

    /// Every top-level public type of `OAuthOpenAPIMiddleware`, which an app using the middleware
    /// names unqualified in the same files as its providers. A test compares this list with the
    /// middleware's sources.
    package static let middleware: Set<String> = ["OAuthMiddleware", "RedirectRefusingTransport"]

    /// Every top-level public type of `OAuthPostgresStore`, which a service keeping its sign-ins in
    /// PostgreSQL names beside its providers. A test compares this list with its sources.
    package static let postgresStore: Set<String> = [
        "PostgresStoreError", "PostgresStoreLocation", "PostgresTokenStore", "StoreEncryptionKey",
    ]

    /// The standard library's, Concurrency's and Foundation's types that apps and generated code
    /// name unqualified every day.
    package static let standard: Set<String> = [
        "Swift", "Foundation", "OAuthRuntime", "OAuthResources", "Any", "AnyObject", "Self", "Type", "Protocol",
        "Error", "Result", "Never", "Void", "Optional", "String", "Substring", "Character", "Bool", "Int", "Int8",
        "Int16",
        "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Array", "Dictionary",
        "Set",
        "Range", "ClosedRange", "Sequence", "Collection", "Equatable", "Hashable", "Comparable", "Identifiable",
        "Codable",
        "Encodable", "Decodable", "Encoder", "Decoder", "CodingKey", "Sendable", "Task", "TaskGroup", "Actor",
        "MainActor",
        "AsyncStream", "AsyncThrowingStream", "AsyncSequence", "Clock", "ContinuousClock", "SuspendingClock",
        "Duration",
        "CancellationError", "CheckedContinuation", "URL", "URLComponents", "URLRequest", "URLSession", "URLError",
        "Data",
        "Date", "UUID", "JSONDecoder", "JSONEncoder", "Bundle", "Notification", "NotificationCenter", "TimeInterval",
        "Locale", "Calendar", "CustomStringConvertible", "LocalizedError", "ObservableObject", "Published",
    ]

    /// Whether a generated provider type may not be called `name`.
    package static func contains(_ name: String) -> Bool {
        runtime.contains(name) || resources.contains(name) || middleware.contains(name)
            || postgresStore.contains(name) || standard.contains(name)
    }
}
