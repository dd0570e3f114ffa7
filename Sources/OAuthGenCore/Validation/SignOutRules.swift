/// What a sign-out can do at the provider. The runtime's `signOut()` revokes the grant only where
/// there is an endpoint to revoke it at; without one it forgets the tokens here and they live on at
/// the provider until they expire (`SignOutOutcome.notRevocable`): a note that `oauthgen doctor`
/// shows (it is advice about sign-out, not a finding about the files).
package enum SignOutRules {
    /// The note for a provider without a revocation endpoint.
    package static func check(_ provider: LoadedProvider) -> [Diagnostic] {
        guard provider.endpoints.contains(where: { $0.name == .authorization }),
            !provider.endpoints.contains(where: { $0.name == .revocation })
        else { return [] }
        return [
            Diagnostic(
                .note, .revocationEndpointMissing,
                "expected a revocation endpoint (RFC 7009) in the metadata or the quirk file's \"endpoints\" \"revocation\", found none: signOut() forgets the sign-in here but cannot end the grant at the provider (SignOutOutcome.notRevocable); a provider whose RFC 8414 metadata lists one (django-oauth-toolkit) needs it in \"endpoints\"",
                at: provider.discovery?.location ?? provider.quirks?.location)
        ]
    }
}
