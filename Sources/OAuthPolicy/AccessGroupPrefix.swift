/// How entitlements, `oauthgen.json` and quirk files spell the team's prefix of a Keychain access
/// group: a variable Xcode substitutes (`ABCDE12345.`) in entitlements and `Info.plist` files,
/// never in Swift source. The build matches groups through it; the runtime replaces it.
public enum AccessGroupPrefix {
    /// The variables, as written.
    public static let variables = ["$(AppIdentifierPrefix)", "$(TeamIdentifierPrefix)"]
}
