import Testing
@testable import OAuthGenCore

@Suite struct QuirkFileLoaderTests {
    @Test func decodesEveryKey() throws {
        let (file, diagnostics) = quirks(
            """
            <key>name</key><string>Acme</string>
            <key>issuer</key><string>https://id.acme.test</string>
            <key>clientID</key><string>abc</string>
            <key>redirectURIs</key><array><string>com.acme.app:/cb</string></array>
            <key>defaultScopes</key><array><string>openid</string></array>
            <key>scopes</key><dict><key>read</key><string>Read things.</string></dict>
            <key>claims</key><dict><key>tenant</key><string>string</string><key>roles</key><string>strings</string></dict>
            <key>scopeSeparator</key><string>,</string>
            <key>pkce</key><string>plain</string>
            <key>tokenEndpointAuthMethod</key><string>client_secret_basic</string>
            <key>authorizationParameters</key><dict><key>prompt</key><string>consent</string><key>access_type</key><string>offline</string></dict>
            <key>tokenRequestHeaders</key><dict><key>Accept</key><string>application/json</string></dict>
            <key>tokenResponse</key><dict>
              <key>format</key><string>form</string>
              <key>missingTokenType</key><true/>
              <key>errorsWithStatus200</key><true/>
              <key>nestedIn</key><string>data.token</string>
            </dict>
            <key>endpoints</key><dict><key>revocation</key><string>https://id.acme.test/revoke</string></dict>
            <key>issuerTemplate</key><dict><key>tenant</key><string>tid</string></dict>
            """)
        #expect(diagnostics.isEmpty)
        let quirks = try #require(file)
        #expect(quirks.name?.value == "Acme")
        #expect(quirks.redirectURIs.map(\.value) == ["com.acme.app:/cb"])
        #expect(quirks.scopes.first?.description == "Read things.")
        #expect(quirks.claims.map(\.type) == [.string, .strings])
        #expect(quirks.pkce?.value == .plain)
        #expect(quirks.tokenEndpointAuthMethod?.value == .clientSecretBasic)
        #expect(quirks.authorizationParameters.map(\.name.value) == ["prompt", "access_type"])
        #expect(quirks.tokenResponse.format?.value == .form)
        #expect(quirks.tokenResponse.nestedIn?.value == ["data", "token"])
        #expect(quirks.endpoints.revocation?.value == "https://id.acme.test/revoke")
        #expect(quirks.issuerTemplate.first?.claim.value == "tid")
    }

    @Test func scopesMayBeAPlainArray() throws {
        let (file, diagnostics) = quirks("<key>scopes</key><array><string>a</string><string>b</string></array>")
        #expect(diagnostics.isEmpty)
        #expect(file?.scopes.map(\.name.value) == ["a", "b"])
    }

    @Test func acrValuesAreAnArrayOrADictionaryOfDescriptions() throws {
        #expect(
            quirks("<key>acrValues</key><array><string>phr</string><string>phrh</string></array>").0?.acrValues.map(
                \.name.value) == ["phr", "phrh"])
        let (file, diagnostics) = quirks("<key>acrValues</key><dict><key>mfa</key><string>Two factors.</string></dict>")
        #expect(diagnostics.isEmpty)
        #expect(file?.acrValues.map(\.description) == ["Two factors."])
        let (_, wrong) = quirks("<key>acrValues</key><string>mfa</string>")
        #expect(wrong.rules == [.quirkWrongType])
        #expect(
            wrong.first?.message
                == "expected \"acrValues\" to be an <array> of <string> or a <dict> of value → description, found <string>"
        )
    }

    @Test func unknownKeysGetASuggestionAtTheKey() throws {
        let (_, diagnostics) = quirks(
            "<key>redirectURI</key><array/>\n<key>clientId</key><string>x</string>\n<key>wholly-unrelated</key><true/>")
        #expect(diagnostics.rules == [.quirkUnknownKey, .quirkUnknownKey, .quirkUnknownKey])
        #expect(diagnostics[0].message.hasSuffix("did you mean \"redirectURIs\"?"))
        #expect(diagnostics[0].location == SourceLocation(file: "test.quirks.plist", line: 4, column: 1))
        #expect(diagnostics[1].message.hasSuffix("did you mean \"clientID\"?"))
        #expect(!diagnostics[2].message.contains("did you mean"))
    }

    @Test func nestedUnknownKeysToo() throws {
        let (_, diagnostics) = quirks(
            "<key>tokenResponse</key><dict><key>fromat</key><string>form</string></dict>\n<key>endpoints</key><dict><key>tokn</key><string>https://a.test</string></dict>"
        )
        #expect(diagnostics.map(\.message).map { $0.contains("did you mean") } == [true, true])
        #expect(diagnostics[0].message.contains("\"format\""))
        #expect(diagnostics[1].message.contains("\"token\""))
    }

    @Test func wrongTypesSayWhatWasExpectedAndFound() throws {
        let (_, diagnostics) =
            PlistReader.read(try Fixtures.bytes("hostile/wrong-types.quirks.plist"), file: "w.plist").value.map { _ in
                QuirkFileLoader.load(try! Fixtures.bytes("hostile/wrong-types.quirks.plist"), file: "w.plist")
            } ?? (nil, [])
        #expect(
            diagnostics.map(\.message) == [
                "expected \"clientID\" to be a <string>, found <integer>",
                "expected \"redirectURIs\" to be an <array> of <string>, found <string>",
                "expected \"pkce\" to be one of \"S256\", \"plain\", \"none\", found \"s256\"; did you mean \"S256\"?",
                "expected one of the keys of a quirk file, found unknown key \"clientid\"; did you mean \"clientID\"?",
            ])
        #expect(diagnostics.map { $0.location?.line } == [6, 8, 10, 11])
    }

    @Test func oktaLegacyKeysPointToTheirQuirkNames() throws {
        let (_, diagnostics) = QuirkFileLoader.load(
            try Fixtures.bytes("plist/okta-LegacyFormat.plist"), file: "Okta.plist")
        #expect(
            diagnostics.map(\.message).contains(
                "expected one of the keys of a quirk file, found unknown key \"clientId\"; did you mean \"clientID\"?"))
        #expect(
            diagnostics.map(\.message).contains(
                "expected \"scopes\" to be an <array> of <string> or a <dict> of scope → description, found <string>"))
    }

    @Test func invalidClaimTypesAndKeyPaths() throws {
        let (_, diagnostics) = quirks(
            "<key>claims</key><dict><key>x</key><string>uuid</string></dict><key>tokenResponse</key><dict><key>nestedIn</key><string>a..b</string></dict>"
        )
        #expect(diagnostics.rules == [.quirkInvalidValue, .quirkInvalidValue])
    }

    @Test func theRootMustBeADictionary() throws {
        let (file, diagnostics) = QuirkFileLoader.load(Array("<plist><array/></plist>".utf8), file: "a.plist")
        #expect(file == nil)
        #expect(diagnostics.first?.message == "expected <dict> inside <plist>, found <array>")
    }

    @Test(arguments: Fixtures.propertyLists)
    func legacySDKPlistsLoadButAreNotQuirkFiles(name: String) throws {
        // They are read for `oauthgen import`; as quirk files their keys are unknown or mistyped,
        // and said so at each key.
        let (file, diagnostics) = QuirkFileLoader.load(try Fixtures.bytes("plist/\(name)"), file: name)
        #expect(file != nil)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.rule == .quirkUnknownKey || $0.rule == .quirkWrongType })
        #expect(diagnostics.allSatisfy { ($0.location?.line ?? 0) > 3 })
    }
}
