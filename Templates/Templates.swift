/// The templates oauthgen renders, embedded in the binary at build time from the `.mustache`
/// files beside this file, so an installed `oauthgen` needs no resource bundle.
public enum EmbeddedTemplates {
    /// Template name (the file name without `.mustache`) → template text.
    public static let all: [String: String] = [
        "ProviderClient": String(decoding: PackageResources.ProviderClient_mustache, as: UTF8.self)
    ]
}
