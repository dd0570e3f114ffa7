import Foundation

/// Reads token endpoint responses (RFC 6749 §5.1, §5.2) with the leniencies real providers need
/// and nothing more: unknown members ignored, `token_type` case-insensitive, `expires_in` as a
/// decimal string, and the quirk file's tolerances.
package enum TokenResponseDecoder {
    /// The response as name → value: JSON (RFC 6749 §5.1), or a form only for a provider whose
    /// quirk file says it answers with one (and then only when the body is not labelled JSON).
    /// A form is never guessed from the content type alone: any text with `access_token=…&…`
    /// in it would then pass for a token response.
    package static func members(of response: HTTPResponse, quirks: TokenResponseQuirks) -> [String: ClaimValue]? {
        let isForm = quirks.format == .form && response.mediaType != "application/json"
        if isForm {
            let text = String(decoding: response.body, as: UTF8.self)
            var result: [String: ClaimValue] = [:]
            for (name, value) in FormEncoding.decode(text) where result[name] == nil { result[name] = .string(value) }
            return result.isEmpty ? nil : result
        }
        return try? JSONDecoder().decode([String: ClaimValue].self, from: response.body)
    }

    static func nested(_ object: [String: ClaimValue], path: [String]) -> [String: ClaimValue]? {
        var current = object
        for key in path {
            guard case .object(let next)? = current[key] else { return nil }
            current = next
        }
        return current
    }

    /// The OAuth error in a response, if it is one.
    package static func protocolError(in object: [String: ClaimValue]) -> OAuthError.ProtocolError? {
        guard let code = object["error"]?.stringValue, !code.isEmpty else { return nil }
        return .init(
            code: code, errorDescription: object["error_description"]?.stringValue,
            uri: object["error_uri"]?.stringValue)
    }

    /// Fails with the error the server sent, or a typed server error for anything that is not OAuth.
    package static func failure(
        for response: HTTPResponse, quirks: TokenResponseQuirks, endpoint: String = "token endpoint"
    ) -> OAuthError {
        if let object = members(of: response, quirks: quirks), let error = protocolError(in: object) {
            return .requestRejected(error, status: response.status, endpoint: endpoint)
        }
        return .unexpectedResponse(status: response.status, contentType: response.mediaType, endpoint: endpoint)
    }

    /// - Parameter dpop: the request carried a DPoP proof: the token type must then be `DPoP`
    ///   (RFC 9449 §5), and `DPoP` is refused otherwise, since nothing could present it.
    static func decode(
        _ response: HTTPResponse, quirks: TokenResponseQuirks, requireIDToken: Bool, scopeSeparator: String, now: Date,
        endpoint: String = "token endpoint", dpop: Bool = false
    ) throws(OAuthError) -> TokenSet {
        guard (200..<300).contains(response.status) else {
            throw failure(for: response, quirks: quirks, endpoint: endpoint)
        }
        guard let outer = members(of: response, quirks: quirks) else {
            throw OAuthError.invalidTokenResponse(
                quirks.format == .form
                    ? "a body that is neither a JSON object nor a form (\(response.mediaType ?? "no content type"))"
                    : "a body that is not a JSON object (\(response.mediaType ?? "no content type"); a provider that answers with a form needs tokenResponse format \"form\" in its quirk file)"
            )
        }
        // Some providers report errors with HTTP 200; a response with `error` and no token is one.
        if let error = protocolError(in: outer), quirks.errorsWithStatus200 || outer["access_token"] == nil {
            throw OAuthError.requestRejected(error, status: response.status, endpoint: endpoint)
        }
        guard let object = nested(outer, path: quirks.nestedIn) else {
            throw OAuthError.invalidTokenResponse("no object at \"\(quirks.nestedIn.joined(separator: "."))\"")
        }
        guard let accessToken = object["access_token"]?.stringValue, !accessToken.isEmpty else {
            throw OAuthError.invalidTokenResponse("no \"access_token\" string")
        }
        let tokenType: String
        switch object["token_type"] {
        case .string(let value)? where !dpop && Self.meansBearer(value, quirks: quirks):
            tokenType = "Bearer"
        case .string(let value)? where dpop && value.caseInsensitiveCompare("dpop") == .orderedSame:
            tokenType = "DPoP"
        case .string(let value)? where dpop:
            throw OAuthError.invalidTokenResponse(
                "the token type \"\(ProtocolErrorText.clip(value))\" for a request with a DPoP proof (RFC 9449 §5 requires DPoP)"
            )
        case .string(let value)?:
            throw OAuthError.invalidTokenResponse(
                "the token type \"\(ProtocolErrorText.clip(value))\", which this client cannot use (only Bearer)")
        case nil where quirks.missingTokenType && !dpop:
            tokenType = "Bearer"
        case nil where dpop:
            // The quirk cannot stand in here: without a token type nothing says whether the
            // server bound the token to the key or silently issued a bearer token.
            throw OAuthError.invalidTokenResponse(
                "no \"token_type\" for a request with a DPoP proof (RFC 9449 §5 requires DPoP)")
        default:
            throw OAuthError.invalidTokenResponse(
                "no \"token_type\" (if the provider never sends it, set tokenResponse.missingTokenType in its quirk file)"
            )
        }
        let idToken = object["id_token"]?.stringValue
        if requireIDToken && (idToken?.isEmpty ?? true) {
            throw OAuthError.invalidTokenResponse("no \"id_token\" in an OpenID Connect code flow response")
        }
        let scopes = object["scope"]?.stringValue.map { scope in
            scope.split(whereSeparator: { $0 == " " || String($0) == scopeSeparator }).map(String.init)
        }
        var tokens = TokenSet(
            accessToken: accessToken, tokenType: tokenType,
            expiresAt: expiresIn(object["expires_in"]).map { now.addingTimeInterval($0) },
            refreshToken: object["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            idToken: idToken, scopes: scopes, receivedAt: now)
        // Native SSO draft 07 §3.4: issued for the `device_sso` scope, on a code or a refresh.
        tokens.deviceSecret = object["device_secret"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return tokens
    }

    /// `Bearer`, or a word the quirk file says a provider uses for it; never `DPoP`, which the
    /// build refuses there too: a DPoP token presented as a bearer token is refused anyway.
    static func meansBearer(_ value: String, quirks: TokenResponseQuirks) -> Bool {
        guard value.caseInsensitiveCompare("dpop") != .orderedSame else { return false }
        return (["bearer"] + quirks.bearerTokenTypes).contains { value.caseInsensitiveCompare($0) == .orderedSame }
    }

    /// `expires_in` as a number or a decimal string; anything unparseable is absent (the token's
    /// lifetime unknown). A negative lifetime is not "unknown" but over: it reads as 0, so the
    /// token counts as expired at once and the session refreshes, instead of never. A lifetime
    /// beyond a year (`1e308`) is a year: no real access token lives longer, and a date past the
    /// calendar's end would never expire.
    package static func expiresIn(_ value: ClaimValue?) -> TimeInterval? {
        let seconds: Double?
        switch value {
        case .number(let number)?: seconds = number
        case .string(let text)?: seconds = Double(text.trimmingCharacters(in: .whitespaces))
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite else { return nil }
        return min(max(seconds, 0), longestLifetime)
    }
}

extension TokenResponseDecoder {
    /// A year, in seconds: the longest access token lifetime taken from `expires_in`.
    static let longestLifetime: TimeInterval = 365 * 24 * 3600
}
