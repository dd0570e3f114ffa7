/// Pushed authorization requests (RFC 9126) and the device grant (RFC 8628): what the quirk file
/// asks for against what the metadata offers, so the build refuses what the runtime would.
///
/// The runtime's `OAuthClient` refuses a configuration that must push without a PAR endpoint;
/// these rules say the same at the line that causes it.
import OAuthPolicy

enum GrantRules {

    static func check(discovery: DiscoveryDocument?, quirks: QuirkFile?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let parEndpoint = quirks?.endpoints.pushedAuthorizationRequest ?? discovery?.pushedAuthorizationRequestEndpoint
        let required = discovery?.requirePushedAuthorizationRequests.flatMap { $0.value ? $0 : nil }
        let asked = quirks?.pushedAuthorizationRequests

        if let required, let asked, !asked.value {
            findings.append(
                Diagnostic(
                    .error, .parRequiredByProvider,
                    "expected \"pushedAuthorizationRequests\" to be true or absent, found false while the metadata says \"require_pushed_authorization_requests\": true (at \(required.location)); the provider would refuse every request",
                    at: asked.location))
        }
        if parEndpoint == nil {
            if let required {
                findings.append(
                    Diagnostic(
                        .error, .parEndpointMissing,
                        "expected a \"pushed_authorization_request_endpoint\" (or the quirk file's \"endpoints\" \"pushedAuthorizationRequest\") from a provider that requires pushed requests, found none",
                        at: required.location))
            } else if let asked, asked.value {
                findings.append(
                    Diagnostic(
                        .error, .parEndpointMissing,
                        "expected a \"pushed_authorization_request_endpoint\" in the metadata or \"endpoints\" \"pushedAuthorizationRequest\" for \"pushedAuthorizationRequests\", found none",
                        at: asked.location))
            }
        }

        if let device = quirks?.deviceGrant, device.value {
            if quirks?.endpoints.deviceAuthorization == nil && discovery?.deviceAuthorizationEndpoint == nil {
                findings.append(
                    Diagnostic(
                        .error, .deviceEndpointMissing,
                        "expected a \"device_authorization_endpoint\" in the metadata or \"endpoints\" \"deviceAuthorization\" for \"deviceGrant\", found none",
                        at: device.location))
            }
            if let grants = discovery?.grantTypesSupported,
                !grants.value.contains(where: { $0.value == ResourceServerGrant.deviceCodeGrantType })
            {
                findings.append(
                    Diagnostic(
                        .warning, .deviceGrantNotListed,
                        "expected \"grant_types_supported\" to list \"\(ResourceServerGrant.deviceCodeGrantType)\" for \"deviceGrant\", found it missing; the provider may refuse the grant",
                        at: grants.location))
            }
        }
        if let dpop = quirks?.dpop, dpop.value {
            if let algorithms = discovery?.dpopSigningAlgValuesSupported {
                let supported = Set(DPoPPolicy.signingAlgorithms)
                if !algorithms.value.contains(where: { supported.contains($0.value) }) {
                    findings.append(
                        Diagnostic(
                            .error, .dpopNoSupportedAlgorithm,
                            "expected \"dpop_signing_alg_values_supported\" to list \(DPoPPolicy.signingAlgorithms.map { "\"\($0)\"" }.joined(separator: " or ")), which the runtime signs proofs with, found \(algorithms.value.map { "\"\($0.value)\"" }.joined(separator: ", "))",
                            at: algorithms.location))
                }
            } else if discovery != nil {
                findings.append(
                    Diagnostic(
                        .warning, .dpopNotAdvertised,
                        "expected \"dpop_signing_alg_values_supported\" in the metadata of a provider the quirk file says issues DPoP-bound tokens, found none; the provider may not accept proofs",
                        at: dpop.location))
            }
        }
        findings += extensionGrantFindings(discovery: discovery, quirks: quirks)
        findings += clientAuthenticationFindings(discovery: discovery, quirks: quirks)
        return findings
    }

    /// `tokenExchange` and `jwtBearerGrant` against `grant_types_supported` (and, for the
    /// jwt-bearer grant, the ID-JAG profile in `authorization_grant_profiles_supported`), by the
    /// rule the runtime applies before each call (`ExtensionGrant.refusal`).
    static func extensionGrantFindings(discovery: DiscoveryDocument?, quirks: QuirkFile?) -> [Diagnostic] {
        guard let discovery, let quirks else { return [] }
        let listed = discovery.grantTypesSupported
        let profiles = discovery.authorizationGrantProfilesSupported?.value.map(\.value)
        return [
            (quirks.tokenExchange, ExtensionGrant.tokenExchange), (quirks.jwtBearerGrant, ExtensionGrant.jwtBearer),
        ].compactMap { asked, grant in
            guard let asked, asked.value,
                let refusal = grant.refusal(grantTypes: listed?.value.map(\.value), grantProfiles: profiles)
            else { return nil }
            return Diagnostic(.error, .extensionGrantNotListed, refusal, at: listed?.location ?? asked.location)
        }
    }

    /// `private_key_jwt` against the metadata's methods and algorithms, by the runtime's rule
    /// (`ClientAuthenticationMethod.refusal`): each finding at the member it is about.
    static func clientAuthenticationFindings(discovery: DiscoveryDocument?, quirks: QuirkFile?) -> [Diagnostic] {
        guard let discovery, let method = quirks?.tokenEndpointAuthMethod, method.value == .privateKeyJWT else {
            return []
        }
        let methods = discovery.tokenEndpointAuthMethodsSupported
        if let refusal = method.value.refusal(methods: methods?.value.map(\.value), algorithms: nil) {
            return [Diagnostic(.error, .authMethodNotListed, refusal, at: methods?.location ?? method.location)]
        }
        let algorithms = discovery.tokenEndpointAuthSigningAlgValuesSupported
        if let algorithms,
            let refusal = method.value.refusal(
                methods: [method.value.rawValue], algorithms: algorithms.value.map(\.value))
        {
            return [Diagnostic(.error, .authMethodNotListed, refusal, at: algorithms.location)]
        }
        return []
    }
}
