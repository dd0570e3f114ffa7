import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

@_spi(BuildingBlocks) import OAuthResources
// --list and --forget: the --store folder or database, read and pruned without signing in
// anywhere, through what the store says it keeps (`AccountTokenStore`).
extension OAuthGenLogin {
    /// What `--list --json` prints.
    struct StoreListing: Encodable {
        struct SignInEntry: Encodable {
            var account: String
            var issuer: String?
            var client_id: String?
            var resource: String?
            var scope: String?
            /// Seconds since 1970 when the access token expires; null when the server did not say.
            var expires_at: Int?
            /// The entry's file; null in a database.
            var file: String?
        }

        struct RegistrationEntry: Encodable {
            var key: String
            var issuer: String
            var client_id: String
            var registration: String
        }

        var store: String
        var sign_ins: [SignInEntry]
        var registrations: [RegistrationEntry]
    }

    /// What `--forget --json` prints.
    struct ForgetReport: Encodable {
        var resource: String
        var forgotten_sign_ins: [String]
        var revoked: Int
        var forgotten_registrations: [String]
        var deleted: Int
    }

    func manageStore() async throws(OAuthError) {
        guard let store = storeOptions.store else {
            throw OAuthError(.invalidConfiguration, "expected --store PATH with --list or --forget, found none")
        }
        guard resourceOptions.resource == nil, signInOptions.issuer == nil, signInOptions.discovery == nil else {
            throw OAuthError(
                .invalidConfiguration,
                "expected --list or --forget without --resource, --issuer or --discovery: they sign in nowhere")
        }
        let opened = try await CommandLineStore.open(store, keyFile: storeOptions.storeKey)
        let listable = opened.tokens
        if storeOptions.list { return try await list(opened) }
        guard let forget = storeOptions.forget else { return }
        let redirect = try loopbackURI(signInOptions.redirectURI, option: "--redirect-uri")
        let outcome = await ProtectedResourceSession.forget(
            resource: forget, in: listable, redirectURIs: [redirect.url],
            allowInsecureLoopback: allowInsecureLoopback)
        guard !outcome.signIns.isEmpty || !outcome.registrations.isEmpty else {
            let known = Set(
                ((try? await listable.accounts()) ?? []).compactMap {
                    $0.hasPrefix("resource ") ? $0.dropFirst(9).components(separatedBy: " at ").first : nil
                })
            throw OAuthError(
                .invalidConfiguration,
                "expected a sign-in for \(Self.printable(forget)) in \(store), found none; it holds \(known.isEmpty ? "no resource" : known.sorted().map(Self.printable).joined(separator: ", "))"
            )
        }
        let report = ForgetReport(
            resource: forget, forgotten_sign_ins: outcome.signIns, revoked: outcome.revoked,
            forgotten_registrations: outcome.registrations, deleted: outcome.deleted)
        if outputOptions.json { return print(Self.jsonText(report)) }
        print(
            "forgot \(report.forgotten_sign_ins.count) sign-in(s) of \(Self.printable(forget)) (\(report.revoked) revoked at the server) and \(report.forgotten_registrations.count) registration(s) (\(report.deleted) deleted at the server)"
        )
    }

    private func list(_ opened: CommandLineStore) async throws(OAuthError) {
        let (store, kept) = (opened.tokens, opened.registrations)
        let accounts: [String]
        let keys: [String]
        do {
            accounts = try await store.accounts()
            keys = try await kept.registrationKeys()
        } catch {
            throw OAuthError.storageFailed("listing the store", error)
        }
        var signIns: [StoreListing.SignInEntry] = []
        for account in accounts {
            let entry = store.forAccount(account)
            let record = try? await entry.load()
            signIns.append(
                StoreListing.SignInEntry(
                    account: account, issuer: record?.owner?.issuer, client_id: record?.owner?.clientID,
                    resource: record?.owner?.resource,
                    scope: record?.tokens.scopes?.joined(separator: " "),
                    expires_at: record?.tokens.expiresAt.map { Int($0.timeIntervalSince1970) },
                    file: opened.folder?.forAccount(account).path))
        }
        var registrations: [StoreListing.RegistrationEntry] = []
        for key in keys {
            guard let registration = try? await kept.loadRegistration(key: key) else { continue }
            registrations.append(
                StoreListing.RegistrationEntry(
                    key: key, issuer: registration.issuer, client_id: registration.clientID,
                    registration: registration.method.rawValue))
        }
        let listing = StoreListing(store: opened.shown, sign_ins: signIns, registrations: registrations)
        if outputOptions.json { return print(Self.jsonText(listing)) }
        print("store: \(Self.printable(listing.store))")
        for entry in signIns {
            let expiry =
                entry.expires_at.map { Date(timeIntervalSince1970: TimeInterval($0)) < Date() ? "expired" : "valid" }
                ?? "no expiry"
            print(
                "sign-in: \(Self.printable(entry.account)) (\(expiry)\(entry.scope.map { "; scope \(Self.printable($0))" } ?? ""))"
            )
        }
        for entry in registrations {
            print(
                "registration: \(Self.printable(entry.client_id)) at \(Self.printable(entry.issuer)) (\(entry.registration))"
            )
        }
    }
}
