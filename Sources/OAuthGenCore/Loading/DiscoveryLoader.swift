/// Turns a located JSON value into a `DiscoveryDocument`, reporting members of the wrong type.
package enum DiscoveryLoader {
    /// The members this loader reads.
    static let knownMembers: Set<String> = [
        "issuer", "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri", "revocation_endpoint",
        "end_session_endpoint", "scopes_supported", "response_types_supported", "subject_types_supported",
        "grant_types_supported", "response_modes_supported", "claims_supported", "code_challenge_methods_supported",
        "id_token_signing_alg_values_supported", "token_endpoint_auth_methods_supported",
        "authorization_response_iss_parameter_supported", "prompt_values_supported",
        "pushed_authorization_request_endpoint", "require_pushed_authorization_requests", "device_authorization_endpoint",
        "dpop_signing_alg_values_supported",
    ]

    package static func load(_ bytes: [UInt8], file: String, kind: DiscoveryDocument.Kind) -> (DiscoveryDocument?, [Diagnostic]) {
        let read = JSONReader.read(bytes, file: file)
        guard let root = read.value else { return (nil, read.diagnostics) }
        var diagnostics = read.diagnostics
        guard let members = root.members else {
            diagnostics.append(Diagnostic(.error, .discoveryWrongType,
                "expected the document to be a JSON object, found \(root.typeDescription)", at: root.location))
            return (nil, diagnostics)
        }
        var document = DiscoveryDocument(kind: kind, location: root.location)

        func string(_ member: JSONMember) -> Located<String>? {
            guard let value = member.value.stringValue else {
                diagnostics.append(Diagnostic(.error, .discoveryWrongType,
                    "expected \"\(member.name)\" to be a string, found \(member.value.typeDescription)", at: member.value.location))
                return nil
            }
            return Located(value, at: member.value.location)
        }
        func strings(_ member: JSONMember) -> Located<[Located<String>]>? {
            guard let elements = member.value.arrayValue else {
                diagnostics.append(Diagnostic(.error, .discoveryWrongType,
                    "expected \"\(member.name)\" to be an array of strings, found \(member.value.typeDescription)", at: member.value.location))
                return nil
            }
            var result: [Located<String>] = []
            for element in elements {
                guard let value = element.stringValue else {
                    diagnostics.append(Diagnostic(.error, .discoveryWrongType,
                        "expected every element of \"\(member.name)\" to be a string, found \(element.typeDescription)", at: element.location))
                    continue
                }
                result.append(Located(value, at: element.location))
            }
            return Located(result, at: member.value.location)
        }
        func bool(_ member: JSONMember) -> Located<Bool>? {
            guard let value = member.value.boolValue else {
                diagnostics.append(Diagnostic(.error, .discoveryWrongType,
                    "expected \"\(member.name)\" to be true or false, found \(member.value.typeDescription)", at: member.value.location))
                return nil
            }
            return Located(value, at: member.value.location)
        }

        for member in members {
            // OIDC Discovery §3 says members without a value are omitted; some servers send null.
            if member.value.kind == .null && knownMembers.contains(member.name) {
                diagnostics.append(Diagnostic(.warning, .discoveryWrongType,
                    "expected \"\(member.name)\" to be omitted when it has no value, found null; treated as absent", at: member.value.location))
                continue
            }
            switch member.name {
            case "issuer": document.issuer = string(member)
            case "authorization_endpoint": document.authorizationEndpoint = string(member)
            case "token_endpoint": document.tokenEndpoint = string(member)
            case "userinfo_endpoint": document.userinfoEndpoint = string(member)
            case "jwks_uri": document.jwksURI = string(member)
            case "revocation_endpoint": document.revocationEndpoint = string(member)
            case "end_session_endpoint": document.endSessionEndpoint = string(member)
            case "scopes_supported": document.scopesSupported = strings(member)
            case "response_types_supported": document.responseTypesSupported = strings(member)
            case "subject_types_supported": document.subjectTypesSupported = strings(member)
            case "grant_types_supported": document.grantTypesSupported = strings(member)
            case "response_modes_supported": document.responseModesSupported = strings(member)
            case "claims_supported": document.claimsSupported = strings(member)
            case "prompt_values_supported": document.promptValuesSupported = strings(member)
            case "code_challenge_methods_supported": document.codeChallengeMethodsSupported = strings(member)
            case "id_token_signing_alg_values_supported": document.idTokenSigningAlgValuesSupported = strings(member)
            case "token_endpoint_auth_methods_supported": document.tokenEndpointAuthMethodsSupported = strings(member)
            case "authorization_response_iss_parameter_supported":
                document.authorizationResponseIssParameterSupported = bool(member)
            case "pushed_authorization_request_endpoint": document.pushedAuthorizationRequestEndpoint = string(member)
            case "require_pushed_authorization_requests": document.requirePushedAuthorizationRequests = bool(member)
            case "device_authorization_endpoint": document.deviceAuthorizationEndpoint = string(member)
            case "dpop_signing_alg_values_supported": document.dpopSigningAlgValuesSupported = strings(member)
            default:
                break  // extensions are allowed (OIDC Discovery §3, RFC 8414 §2)
            }
        }
        return (document, diagnostics)
    }
}
