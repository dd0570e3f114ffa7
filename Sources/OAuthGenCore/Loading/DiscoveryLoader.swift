/// Turns a located JSON value into a `DiscoveryDocument`, reporting members of the wrong type.
package enum DiscoveryLoader {
    /// The members this loader reads.
    static let knownMembers: Set<String> = [
        "issuer", "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri", "revocation_endpoint",
        "end_session_endpoint", "scopes_supported", "response_types_supported", "subject_types_supported",
        "grant_types_supported", "response_modes_supported", "claims_supported", "code_challenge_methods_supported",
        "id_token_signing_alg_values_supported", "token_endpoint_auth_methods_supported",
        "authorization_response_iss_parameter_supported", "prompt_values_supported",
        "pushed_authorization_request_endpoint", "require_pushed_authorization_requests",
        "device_authorization_endpoint",
        "dpop_signing_alg_values_supported", "registration_endpoint", "acr_values_supported",
        "authorization_grant_profiles_supported",
    ]

    package static func load(
        _ bytes: [UInt8], file: String, kind: DiscoveryDocument.Kind
    ) -> (DiscoveryDocument?, [Diagnostic]) {
        let read = JSONReader.read(bytes, file: file)
        guard let root = read.value else { return (nil, read.diagnostics) }
        var diagnostics = read.diagnostics
        guard let members = root.members else {
            diagnostics.append(
                Diagnostic(
                    .error, .discoveryWrongType,
                    "expected the document to be a JSON object, found \(root.typeDescription)", at: root.location))
            return (nil, diagnostics)
        }
        var document = DiscoveryDocument(kind: kind, location: root.location)

        var reader = JSONMemberReader(wrongType: .discoveryWrongType)

        for member in members {
            // OIDC Discovery §3 says members without a value are omitted; some servers send null.
            if reader.isNull(member, known: knownMembers) { continue }
            switch member.name {
            case "issuer": document.issuer = reader.string(member)
            case "authorization_endpoint": document.authorizationEndpoint = reader.string(member)
            case "token_endpoint": document.tokenEndpoint = reader.string(member)
            case "userinfo_endpoint": document.userinfoEndpoint = reader.string(member)
            case "jwks_uri": document.jwksURI = reader.string(member)
            case "revocation_endpoint": document.revocationEndpoint = reader.string(member)
            case "end_session_endpoint": document.endSessionEndpoint = reader.string(member)
            case "scopes_supported": document.scopesSupported = reader.strings(member)
            case "response_types_supported": document.responseTypesSupported = reader.strings(member)
            case "subject_types_supported": document.subjectTypesSupported = reader.strings(member)
            case "grant_types_supported": document.grantTypesSupported = reader.strings(member)
            case "authorization_grant_profiles_supported":
                document.authorizationGrantProfilesSupported = reader.strings(member)
            case "response_modes_supported": document.responseModesSupported = reader.strings(member)
            case "claims_supported": document.claimsSupported = reader.strings(member)
            case "prompt_values_supported": document.promptValuesSupported = reader.strings(member)
            case "acr_values_supported": document.acrValuesSupported = reader.strings(member)
            case "code_challenge_methods_supported": document.codeChallengeMethodsSupported = reader.strings(member)
            case "id_token_signing_alg_values_supported":
                document.idTokenSigningAlgValuesSupported = reader.strings(member)
            case "token_endpoint_auth_methods_supported":
                document.tokenEndpointAuthMethodsSupported = reader.strings(member)
            case "token_endpoint_auth_signing_alg_values_supported":
                document.tokenEndpointAuthSigningAlgValuesSupported = reader.strings(member)
            case "authorization_response_iss_parameter_supported":
                document.authorizationResponseIssParameterSupported = reader.bool(member)
            case "pushed_authorization_request_endpoint":
                document.pushedAuthorizationRequestEndpoint = reader.string(member)
            case "require_pushed_authorization_requests":
                document.requirePushedAuthorizationRequests = reader.bool(member)
            case "device_authorization_endpoint": document.deviceAuthorizationEndpoint = reader.string(member)
            case "registration_endpoint": document.registrationEndpoint = reader.string(member)
            case "dpop_signing_alg_values_supported": document.dpopSigningAlgValuesSupported = reader.strings(member)
            case "native_sso_supported": document.nativeSSOSupported = reader.bool(member)
            default:
                break  // extensions are allowed (OIDC Discovery §3, RFC 8414 §2)
            }
        }
        return (document, diagnostics + reader.diagnostics)
    }
}
