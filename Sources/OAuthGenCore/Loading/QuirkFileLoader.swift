/// Turns a located property list into a `QuirkFile`, reporting unknown keys (with a suggestion),
/// wrong types and values outside their allowed set, each at its own element.
package enum QuirkFileLoader {
    /// Every key a quirk file may have, and what its value must be.
    static let topLevelKeys: [String] = [
        "name", "issuer", "clientID", "clientSecret", "redirectURIs", "postLogoutRedirectURIs", "defaultScopes",
        "scopes", "claims", "userInfo",
        "scopeSeparator", "scopeParameter", "pkce", "tokenEndpointAuthMethod", "basicAuthWithoutSecret",
        "clientAssertionAudience", "authorizationParameters", "tokenRequestHeaders", "tokenRequestParameters",
        "tokenResponse", "endpoints", "issuerTemplate", "pushedAuthorizationRequests", "deviceGrant", "dpop",
        "loopbackDevelopmentServer", "resource", "acrValues", "tokenExchange", "jwtBearerGrant",
        "omitsResourceOnRefresh", "nativeSSO",
    ]
    static let nativeSSOKeys = ["keychainAccessGroup", "familyClientIDs", "deviceSecretTokenType"]
    static let tokenResponseKeys = [
        "format", "missingTokenType", "errorsWithStatus200", "nestedIn", "bearerTokenTypes",
    ]
    static let endpointKeys = [
        "authorization", "token", "revocation", "userinfo", "endSession", "jwks", "pushedAuthorizationRequest",
        "deviceAuthorization",
    ]

    package static func load(_ bytes: [UInt8], file: String) -> (QuirkFile?, [Diagnostic]) {
        let read = PlistReader.read(bytes, file: file)
        guard let root = read.value else { return (nil, read.diagnostics) }
        var decoder = Decoder(diagnostics: read.diagnostics)
        guard let entries = root.entries else {
            decoder.fail(
                .plistStructure, "expected <dict> inside <plist>, found \(root.typeDescription)", at: root.location)
            return (nil, decoder.diagnostics)
        }
        var quirks = QuirkFile(location: root.location)
        for entry in entries {
            decoder.decodeTopLevel(entry, into: &quirks)
        }
        return (quirks, decoder.diagnostics)
    }

    private struct Decoder {
        var diagnostics: [Diagnostic]

        mutating func fail(
            _ rule: RuleID, _ message: String, at location: SourceLocation, severity: Diagnostic.Severity = .error
        ) {
            diagnostics.append(Diagnostic(severity, rule, message, at: location))
        }

        mutating func unknownKey(_ entry: PlistEntry, allowed: [String], in context: String) {
            var message = "expected one of the keys \(context), found unknown key \"\(entry.key)\""
            if let suggestion = Suggestion.closest(to: entry.key, among: allowed) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            fail(.quirkUnknownKey, message, at: entry.keyLocation)
        }

        mutating func string(_ entry: PlistEntry) -> Located<String>? {
            guard let value = entry.value.stringValue else {
                fail(
                    .quirkWrongType, "expected \"\(entry.key)\" to be a <string>, found \(entry.value.typeDescription)",
                    at: entry.value.location)
                return nil
            }
            return Located(value, at: entry.value.location)
        }

        mutating func bool(_ entry: PlistEntry) -> Located<Bool>? {
            guard let value = entry.value.boolValue else {
                fail(
                    .quirkWrongType,
                    "expected \"\(entry.key)\" to be <true/> or <false/>, found \(entry.value.typeDescription)",
                    at: entry.value.location)
                return nil
            }
            return Located(value, at: entry.value.location)
        }

        mutating func strings(_ entry: PlistEntry) -> [Located<String>] {
            guard let elements = entry.value.arrayValue else {
                fail(
                    .quirkWrongType,
                    "expected \"\(entry.key)\" to be an <array> of <string>, found \(entry.value.typeDescription)",
                    at: entry.value.location)
                return []
            }
            return elements.compactMap { element in
                guard let value = element.stringValue else {
                    fail(
                        .quirkWrongType,
                        "expected every element of \"\(entry.key)\" to be a <string>, found \(element.typeDescription)",
                        at: element.location)
                    return nil
                }
                return Located(value, at: element.location)
            }
        }

        mutating func dictionary(_ entry: PlistEntry) -> [PlistEntry]? {
            guard let entries = entry.value.entries else {
                fail(
                    .quirkWrongType, "expected \"\(entry.key)\" to be a <dict>, found \(entry.value.typeDescription)",
                    at: entry.value.location)
                return nil
            }
            return entries
        }

        mutating func choice<T: RawRepresentable & CaseIterable>(_ entry: PlistEntry, _ type: T.Type) -> Located<T>?
        where T.RawValue == String {
            guard let text = string(entry) else { return nil }
            guard let value = T(rawValue: text.value) else {
                let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                var message = "expected \"\(entry.key)\" to be one of \(allowed), found \"\(text.value)\""
                if let suggestion = Suggestion.closest(to: text.value, among: T.allCases.map(\.rawValue)) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                fail(.quirkInvalidValue, message, at: text.location)
                return nil
            }
            return Located(value, at: text.location)
        }

        mutating func parameters(_ entry: PlistEntry) -> [QuirkFile.Parameter] {
            guard let entries = dictionary(entry) else { return [] }
            return entries.compactMap { parameter in
                guard let value = string(parameter) else { return nil }
                return QuirkFile.Parameter(name: Located(parameter.key, at: parameter.keyLocation), value: value)
            }
        }

        mutating func decodeTopLevel(_ entry: PlistEntry, into quirks: inout QuirkFile) {
            switch entry.key {
            case "name": quirks.name = string(entry)
            case "issuer": quirks.issuer = string(entry)
            case "clientID": quirks.clientID = string(entry)
            case "resource": quirks.resource = string(entry)
            case "clientSecret": quirks.clientSecret = string(entry)
            case "redirectURIs": quirks.redirectURIs = strings(entry)
            case "postLogoutRedirectURIs": quirks.postLogoutRedirectURIs = strings(entry)
            case "defaultScopes": quirks.defaultScopes = strings(entry)
            case "scopeSeparator": quirks.scopeSeparator = string(entry)
            case "scopeParameter": quirks.scopeParameter = string(entry)
            case "pkce": quirks.pkce = choice(entry, QuirkFile.PKCEMethod.self)
            case "tokenEndpointAuthMethod":
                quirks.tokenEndpointAuthMethod = choice(entry, QuirkFile.TokenEndpointAuthMethod.self)
            case "basicAuthWithoutSecret": quirks.basicAuthWithoutSecret = bool(entry)
            case "clientAssertionAudience":
                quirks.clientAssertionAudience = choice(entry, QuirkFile.ClientAssertionAudience.self)
            case "tokenExchange": quirks.tokenExchange = bool(entry)
            case "jwtBearerGrant": quirks.jwtBearerGrant = bool(entry)
            case "authorizationParameters": quirks.authorizationParameters = parameters(entry)
            case "tokenRequestHeaders": quirks.tokenRequestHeaders = parameters(entry)
            case "tokenRequestParameters": quirks.tokenRequestParameters = parameters(entry)
            case "scopes": quirks.scopes = declarations(entry, of: "scope")
            case "acrValues": quirks.acrValues = declarations(entry, of: "value")
            case "claims": quirks.claims = claims(entry)
            case "userInfo": quirks.userInfo = claims(entry)
            case "tokenResponse": quirks.tokenResponse = tokenResponse(entry)
            case "endpoints": quirks.endpoints = endpoints(entry)
            case "issuerTemplate": quirks.issuerTemplate = issuerTemplate(entry)
            case "pushedAuthorizationRequests": quirks.pushedAuthorizationRequests = bool(entry)
            case "deviceGrant": quirks.deviceGrant = bool(entry)
            case "dpop": quirks.dpop = bool(entry)
            case "loopbackDevelopmentServer": quirks.loopbackDevelopmentServer = bool(entry)
            case "omitsResourceOnRefresh": quirks.omitsResourceOnRefresh = bool(entry)
            case "nativeSSO": quirks.nativeSSO = nativeSSO(entry)
            default: unknownKey(entry, allowed: QuirkFileLoader.topLevelKeys, in: "of a quirk file")
            }
        }

        /// `scopes` and `acrValues` are each either an array of names or a dictionary of
        /// name → description.
        mutating func declarations(_ entry: PlistEntry, of what: String) -> [QuirkFile.ValueDeclaration] {
            switch entry.value.kind {
            case .array:
                return strings(entry).map { QuirkFile.ValueDeclaration(name: $0, description: nil) }
            case .dictionary(let entries):
                return entries.compactMap { scope in
                    guard let description = string(scope) else { return nil }
                    return QuirkFile.ValueDeclaration(
                        name: Located(scope.key, at: scope.keyLocation), description: description.value)
                }
            default:
                fail(
                    .quirkWrongType,
                    "expected \"\(entry.key)\" to be an <array> of <string> or a <dict> of \(what) → description, found \(entry.value.typeDescription)",
                    at: entry.value.location)
                return []
            }
        }

        mutating func claims(_ entry: PlistEntry) -> [QuirkFile.ClaimDeclaration] {
            guard let entries = dictionary(entry) else { return [] }
            return entries.compactMap { claim in
                guard let type = choice(claim, QuirkFile.ClaimType.self) else { return nil }
                return QuirkFile.ClaimDeclaration(name: Located(claim.key, at: claim.keyLocation), type: type.value)
            }
        }

        mutating func nativeSSO(_ entry: PlistEntry) -> QuirkFile.NativeSSO? {
            guard let members = dictionary(entry) else { return nil }
            var family = QuirkFile.NativeSSO(location: entry.keyLocation)
            for member in members {
                switch member.key {
                case "keychainAccessGroup": family.keychainAccessGroup = string(member)
                case "familyClientIDs": family.familyClientIDs = strings(member)
                case "deviceSecretTokenType": family.deviceSecretTokenType = string(member)
                default: unknownKey(member, allowed: QuirkFileLoader.nativeSSOKeys, in: "of nativeSSO")
                }
            }
            return family
        }

        mutating func tokenResponse(_ entry: PlistEntry) -> QuirkFile.TokenResponse {
            var result = QuirkFile.TokenResponse()
            for member in dictionary(entry) ?? [] {
                switch member.key {
                case "format": result.format = choice(member, QuirkFile.TokenResponseFormat.self)
                case "missingTokenType": result.missingTokenType = bool(member)
                case "errorsWithStatus200": result.errorsWithStatus200 = bool(member)
                case "nestedIn":
                    guard let path = string(member) else { continue }
                    let components = path.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    if components.contains(where: \.isEmpty) {
                        fail(
                            .quirkInvalidValue,
                            "expected \"nestedIn\" to be a key path such as \"authed_user\" or \"data.token\", found \"\(path.value)\"",
                            at: path.location)
                    } else {
                        result.nestedIn = Located(components, at: path.location)
                    }
                case "bearerTokenTypes": result.bearerTokenTypes = strings(member)
                default: unknownKey(member, allowed: QuirkFileLoader.tokenResponseKeys, in: "of \"tokenResponse\"")
                }
            }
            return result
        }

        mutating func endpoints(_ entry: PlistEntry) -> QuirkFile.Endpoints {
            var result = QuirkFile.Endpoints()
            for member in dictionary(entry) ?? [] {
                switch member.key {
                case "authorization": result.authorization = string(member)
                case "token": result.token = string(member)
                case "revocation": result.revocation = string(member)
                case "userinfo": result.userinfo = string(member)
                case "endSession": result.endSession = string(member)
                case "jwks": result.jwks = string(member)
                case "pushedAuthorizationRequest": result.pushedAuthorizationRequest = string(member)
                case "deviceAuthorization": result.deviceAuthorization = string(member)
                default: unknownKey(member, allowed: QuirkFileLoader.endpointKeys, in: "of \"endpoints\"")
                }
            }
            return result
        }

        mutating func issuerTemplate(_ entry: PlistEntry) -> [QuirkFile.IssuerPlaceholder] {
            guard let entries = dictionary(entry) else { return [] }
            return entries.compactMap { placeholder in
                guard let claim = string(placeholder) else { return nil }
                return QuirkFile.IssuerPlaceholder(
                    name: Located(placeholder.key, at: placeholder.keyLocation), claim: claim)
            }
        }
    }
}
