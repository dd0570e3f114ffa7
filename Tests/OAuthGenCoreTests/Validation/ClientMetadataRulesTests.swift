import Testing
@testable import OAuthGenCore

/// The Client ID Metadata Document the app hosts against its quirk file: the document oauthgen
/// writes passes, and each way the two drift apart is an error at its line.
@Suite struct ClientMetadataRulesTests {
    static let clientID = "https://app.example.com/oauth/client.json"
    static let quirkBody =
        "<key>clientID</key><string>\(clientID)</string>\n<key>redirectURIs</key><array><string>com.example.app:/cb</string><string>http://127.0.0.1/cb</string></array>"

    func findings(_ document: String, quirks body: String = Self.quirkBody) -> [Diagnostic] {
        var provider = LoadedProvider(
            input: ProviderInput(name: "app", quirksPath: "app.quirks.plist"), quirks: quirks(body).0)
        provider.clientMetadata = JSONReader.read(Array(document.utf8), file: "app.client-metadata.json").value
        return ClientMetadataRules.check(provider)
    }

    @Test func theWrittenDocumentPasses() {
        let text = ClientMetadataDocument.text(
            clientID: Self.clientID, clientName: "App", redirectURIs: ["com.example.app:/cb", "http://127.0.0.1/cb"])
        #expect(text.contains("\"token_endpoint_auth_method\": \"none\""))
        #expect(text.hasSuffix("}\n"))
        #expect(findings(text).isEmpty)
    }

    @Test func aRedirectURIMissingOrExtraIsAnErrorAtItsLine() {
        let text = ClientMetadataDocument.text(
            clientID: Self.clientID, clientName: "App", redirectURIs: ["com.example.app:/cb", "com.example.app:/old"])
        let found = findings(text)
        #expect(found.map(\.rule) == [.clientMetadataDrift, .clientMetadataDrift])
        #expect(
            found[0].message
                == #"expected only the quirk file's redirect URIs in "redirect_uris", found "com.example.app:/old", which the app never sends"#
        )
        #expect(
            found[0].location?.line
                == text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.contains("com.example.app:/old")
                }.map { $0 + 1 })
        #expect(found[1].message.hasPrefix(#"expected "redirect_uris" to list "http://127.0.0.1/cb""#))
    }

    @Test func anotherClientIDASecretOrAConfidentialMethodAreErrors() {
        let other = ClientMetadataDocument.text(
            clientID: "https://app.example.com/other.json", clientName: "App",
            redirectURIs: ["com.example.app:/cb", "http://127.0.0.1/cb"])
        #expect(
            findings(other).map(\.message) == [
                #"expected "client_id" to be the quirk file's clientID "https://app.example.com/oauth/client.json", the URL the document is hosted at, found "https://app.example.com/other.json""#
            ])
        let secret = """
            {"client_id": "\(Self.clientID)", "redirect_uris": ["com.example.app:/cb", "http://127.0.0.1/cb"],
             "token_endpoint_auth_method": "client_secret_basic", "client_secret": "s"}
            """
        #expect(findings(secret).count == 2)
        #expect(findings(secret).allSatisfy { $0.rule == .clientMetadataDrift && $0.severity == .error })
    }

    @Test func aClientIDThatIsNotAnHTTPSURLWithAPathIsAnError() {
        let body = Self.quirkBody.replacingOccurrences(of: Self.clientID, with: "http://app.example.com/c.json")
        let text = ClientMetadataDocument.text(
            clientID: "http://app.example.com/c.json", clientName: "App",
            redirectURIs: ["com.example.app:/cb", "http://127.0.0.1/cb"])
        #expect(
            findings(text, quirks: body).map(\.message) == [
                #"expected "client_id" to be an https URL with a path (Client ID Metadata Document §3), found "http://app.example.com/c.json""#
            ])
    }
}
