import Foundation

// A family's sign-in as one Keychain item per issuer, under an account no sign-in uses: the
// decisions of `KeychainFamilySignInStore`, tested on every platform over any `KeychainItems`.
extension KeychainItemStore {
    /// The prefix of a family sign-in's account, which ``accounts()`` leaves out.
    static var familyAccountPrefix: String { "oauthgen.family " }

    /// The family's sign-in at `issuer`; `nil` when there is none, or it does not decode.
    func loadFamilySignIn(issuer: String) throws -> FamilySignIn? {
        let (status, data) = items.read(account: Self.familyAccountPrefix + issuer)
        switch status {
        case KeychainStatus.success:
            guard let signIn = data.flatMap({ try? JSONDecoder().decode(FamilySignIn.self, from: $0) }),
                signIn.issuer == issuer
            else { return nil }
            return signIn
        case KeychainStatus.itemNotFound: return nil
        default: throw failure("reading the family's sign-in", status)
        }
    }

    /// Keeps `signIn` as its issuer's family sign-in.
    func saveFamilySignIn(_ signIn: FamilySignIn) throws {
        try write(
            try JSONEncoder().encode(signIn), account: Self.familyAccountPrefix + signIn.issuer,
            operation: "saving the family's sign-in")
    }

    /// Forgets the family's sign-in at `issuer`.
    func removeFamilySignIn(issuer: String) throws {
        let status = items.delete(account: Self.familyAccountPrefix + issuer)
        guard status == KeychainStatus.success || status == KeychainStatus.itemNotFound else {
            throw failure("removing the family's sign-in", status)
        }
    }
}
