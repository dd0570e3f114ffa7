/// A provider recovered from a legacy SDK property list, ready to be written as a quirk file.
package struct ImportedProvider: Sendable, Hashable {
    /// The provider name for the file names: `okta`, `auth0`, `google`.
    package var name: String
    /// Which SDK's format the file was in.
    package var format: LegacyFormat
    package var issuer: String?
    package var clientID: String?
    package var redirectURIs: [String] = []
    package var defaultScopes: [String] = []

    /// The SDK configuration formats `oauthgen import` reads.
    package enum LegacyFormat: String, Sendable, Hashable {
        case okta = "Okta.plist"
        case auth0 = "Auth0.plist"
        case googleServiceInfo = "GoogleService-Info.plist"
    }

    /// The quirk file's text.
    package var quirkFile: String {
        var entries: [String] = []
        if let issuer { entries.append(Self.entry("issuer", string: issuer)) }
        if let clientID { entries.append(Self.entry("clientID", string: clientID)) }
        if !redirectURIs.isEmpty { entries.append(Self.entry("redirectURIs", strings: redirectURIs)) }
        if !defaultScopes.isEmpty { entries.append(Self.entry("defaultScopes", strings: defaultScopes)) }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <!-- Imported by oauthgen from \(Self.escaped(format.rawValue)). -->
            <dict>
            \(entries.joined(separator: "\n"))
            </dict>
            </plist>

            """
    }

    private static func entry(_ key: String, string: String) -> String {
        "\t<key>\(key)</key>\n\t<string>\(escaped(string))</string>"
    }

    private static func entry(_ key: String, strings: [String]) -> String {
        "\t<key>\(key)</key>\n\t<array>\n" + strings.map { "\t\t<string>\(escaped($0))</string>\n" }.joined()
            + "\t</array>"
    }

    /// XML character data: `&`, `<` and `>` escaped; nothing else needs it in element content.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
