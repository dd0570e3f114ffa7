import ArgumentParser
import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

// --store: the sign-in kept in the store, whose it is, and replacing another client's.
extension OAuthGenLogin {
    /// Whether a stored sign-in is this provider's and this client's: its ID token names the
    /// issuer and the client ID among its audiences.
    static func isSignIn(_ signIn: SignIn<DiscoveredProvider>, of issuer: String?, clientID: String) -> Bool {
        guard let idToken = signIn.idToken else { return false }
        return idToken.issuer == issuer && idToken.audiences.contains(clientID)
    }

    /// Revokes the other client's sign-in in `store` at its provider, then removes it: replacing
    /// it silently would leave its grant live with nobody holding it. Its provider's metadata is
    /// fetched when it is not this one.
    func revokeAndClear(
        _ store: CommandLineStore, transport: any HTTPTransport, ours: ProviderConfiguration
    ) async throws(OAuthError) {
        let record: SignInRecord?
        do {
            record = try await store.tokens.load()
        } catch {
            throw OAuthError(
                .storedSignInIncompatible,
                "expected a stored sign-in this version can read to revoke, found: \(error.localizedDescription)")
        }
        guard let record else { return }
        let issuer = record.owner?.issuer ?? record.idToken?.issuer
        guard let clientID = record.owner?.clientID ?? record.idToken?.audiences.first else {
            throw OAuthError(
                .storedSignInMismatch,
                "expected the stored sign-in to name its client, found none: remove it from \(store.shown) by hand")
        }
        let configuration =
            issuer == ours.issuer && ours.endpoints.revocation != nil
            ? ours : try await loadConfiguration(issuer: issuer, transport: transport, needsRevocation: true)
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration,
            options: ClientOptions(
                clientID: clientID, transport: transport, allowInsecureLoopback: allowInsecureLoopback))
        if configuration.endpoints.revocation != nil {
            if let refreshToken = record.tokens.refreshToken {
                try await client.revoke(refreshToken, hint: .refreshToken)
            } else {
                try await client.revoke(record.tokens.accessToken, hint: .accessToken)
            }
        } else {
            FileHandle.standardError.write(
                Data(
                    "warning: the replaced sign-in's provider has no revocation endpoint: its tokens stay valid there until they expire\n"
                        .utf8))
        }
        do {
            try await store.tokens.clear()
        } catch {
            throw OAuthError(
                .storageFailed, "removing the replaced sign-in failed: \(error.localizedDescription)",
                underlyingError: error)
        }
    }

    /// Userinfo as printed: a distributed claim's source (OIDC Core §5.6.2) may carry an access
    /// token for it, which is a credential like any other and is never printed, `--show-tokens`
    /// or not.
    static func withoutCredentials(_ claims: [String: ClaimValue]) -> [String: ClaimValue] {
        guard case .object(var sources)? = claims["_claim_sources"] else { return claims }
        for (name, source) in sources {
            guard case .object(var members) = source, members["access_token"] != nil else { continue }
            members["access_token"] = .string("<redacted>")
            sources[name] = .object(members)
        }
        var claims = claims
        claims["_claim_sources"] = .object(sources)
        return claims
    }
}
