import Foundation

/// Checks the URL the authorization response arrived on (RFC 6749 §4.1.2, RFC 8252 §8.9–§8.10,
/// RFC 9207) before anything in it is trusted.
@_spi(BuildingBlocks)
public enum AuthorizationCallback {
    /// The code, if the callback is the answer to `pending`; otherwise a typed error.
    ///
    /// Order matters: the URL must be the request's redirect URI and carry its `state` before an
    /// `error` in it is believed, and must name the expected issuer before its code is used.
    public static func validate<Provider>(
        _ callback: URL, pending: PendingAuthorization<Provider>, metadata: ProviderMetadata
    ) throws(OAuthError) -> AuthorizationCode {
        try requireSameRedirect(callback, pending.redirectURI)
        let parameters = try queryParameters(of: callback)

        guard let state = parameters["state"], constantTimeEqual(state, pending.state) else {
            throw OAuthError.stateMismatch
        }
        let issuer = parameters["iss"]
        if let expected = pending.issuer, let issuer, !issuerMatches(issuer, expected: expected) {
            throw OAuthError.issuerMismatch(expected: expected, found: issuer)
        }
        if let error = parameters["error"] {
            // An error response carries no code, so a missing `iss` cannot lead to a mix-up here;
            // some servers (django-oauth-toolkit among them) omit it on errors although RFC 9207 asks.
            throw OAuthError.authorizationFailed(
                .init(code: error, errorDescription: parameters["error_description"], uri: parameters["error_uri"]))
        }
        if metadata.authorizationResponseIssParameterSupported, let expected = pending.issuer, issuer == nil {
            throw OAuthError.issuerMismatch(expected: expected, found: nil)
        }
        guard let code = parameters["code"], !code.isEmpty else {
            throw OAuthError.missingParameter("code")
        }
        return AuthorizationCode(code: code)
    }

    /// With an issuer template (`{tenantid}`), `iss` must have the template's shape, each
    /// placeholder one value as the ID token's check allows (``IssuerTemplate/matches(_:template:)``);
    /// the resolved issuer is checked exactly against the ID token later.
    static func issuerMatches(_ found: String, expected: String) -> Bool {
        guard expected.contains("{") else { return found == expected }
        return IssuerTemplate.matches(found, template: expected)
    }

    /// Exact match of scheme, host, port, path and the redirect URI's own query; loopback
    /// redirects (RFC 8252 §7.3) match at any port.
    static func requireSameRedirect(_ callback: URL, _ redirect: URL) throws(OAuthError) {
        let mismatch = OAuthError.redirectMismatch(
            expected: redirect.absoluteString, found: strippedOfParameters(callback))
        guard let found = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            let expected = URLComponents(url: redirect, resolvingAgainstBaseURL: false)
        else { throw mismatch }
        let isLoopback = expected.scheme?.lowercased() == "http" && EndpointPolicy.isLoopbackRedirect(redirect)
        guard found.scheme?.lowercased() == expected.scheme?.lowercased(),
            found.host?.lowercased() == expected.host?.lowercased(),
            found.percentEncodedUser == expected.percentEncodedUser,
            isLoopback || found.port == expected.port,
            found.percentEncodedPath == expected.percentEncodedPath
        else { throw mismatch }
        // A redirect URI with its own query keeps it; the server appends its parameters.
        let foundItems = found.percentEncodedQueryItems ?? []
        for item in expected.percentEncodedQueryItems ?? [] where !foundItems.contains(item) {
            throw mismatch
        }
    }

    /// The query's parameters by name; a parameter given twice is refused (RFC 6749 §3.1).
    static func queryParameters(of url: URL) throws(OAuthError) -> [String: String] {
        let pairs = FormEncoding.decode(
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? "")
        var result: [String: String] = [:]
        for (name, value) in pairs {
            guard result[name] == nil else { throw OAuthError.duplicateParameter(name) }
            result[name] = value
        }
        return result
    }

    /// The callback without its query: the query holds the code, which must not reach an error message.
    private static func strippedOfParameters(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<unparseable URL>"
        }
        components.query = nil
        components.fragment = nil
        return components.string ?? "<unparseable URL>"
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

extension AuthorizationCode: CustomReflectable {
    /// Its description only: reflection never shows the secrets it holds.
    public var customMirror: Mirror { .redacted(self) }
}
