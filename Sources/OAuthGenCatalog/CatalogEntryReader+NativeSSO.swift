import OAuthGenCore

// An entry's `nativeSSO`: the provider signs a family of apps in from one sign-in (OpenID Connect
// Native SSO for Mobile Apps 1.0 draft 07), with the source that says so; and the device secret's
// token type where the provider does not take the draft's.
extension CatalogEntryReader {
    static let nativeSSOKeys = ["deviceSecretTokenType"]

    /// The entry's `nativeSSO`, or `nil` with a finding at what is wrong.
    static func nativeSSO(_ entry: PlistEntry, diagnostics: inout [Diagnostic]) -> CatalogEntry.NativeSSO? {
        guard let fields = entry.value.entries else {
            diagnostics.append(
                invalid(
                    "expected \"nativeSSO\" to be a <dict>, found \(entry.value.typeDescription)",
                    at: entry.value.location))
            return nil
        }
        var support = CatalogEntry.NativeSSO()
        for field in fields {
            guard field.key == "deviceSecretTokenType" else {
                diagnostics.append(
                    invalid(
                        "expected one of \(nativeSSOKeys.joined(separator: ", ")) in \"nativeSSO\", found \"\(field.key)\"",
                        at: field.keyLocation))
                continue
            }
            guard let type = field.value.stringValue, NativeSSORules.deviceSecretTokenTypes.contains(type) else {
                diagnostics.append(
                    invalid(
                        "expected deviceSecretTokenType to be one of \(NativeSSORules.deviceSecretTokenTypes.joined(separator: ", ")), found \(field.value.stringValue ?? field.value.typeDescription)",
                        at: field.value.location))
                continue
            }
            support.deviceSecretTokenType = type
        }
        return support
    }
}
