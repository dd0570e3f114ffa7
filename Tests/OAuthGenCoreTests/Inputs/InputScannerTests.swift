import Foundation
import Testing
@testable import OAuthGenCore

@Suite struct InputScannerTests {
    @Test func groupsFilesByProviderName() throws {
        let (providers, diagnostics) = InputScanner.scan([Fixtures.exampleProviders])
        #expect(diagnostics.isEmpty)
        #expect(providers.map(\.name) == ["apple", "docker", "duende", "entra", "github", "gitlab", "google", "okta"])
        let github = try #require(providers.first { $0.name == "github" })
        #expect(github.discoveryPath == nil)
        #expect(github.quirksPath?.hasSuffix("github.quirks.plist") == true)
        #expect(providers.first?.discoveryKind == .openIDConnect)
    }

    @Test func searchesSubdirectoriesButSkipsHiddenOnes() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "a/acme.quirks.plist", "b/c/beta.oauth-authorization-server.json", ".build/x/hidden.quirks.plist",
            "notes.txt",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let (providers, diagnostics) = InputScanner.scan([root.path])
        #expect(diagnostics.isEmpty)
        #expect(providers.map(\.name) == ["acme", "beta"])
        #expect(providers[1].discoveryKind == .oauthAuthorizationServer)
    }

    @Test func refusesBadNamesAndTwoDiscoveryDocuments() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["Acme.quirks.plist", "x.openid-configuration.json", "x.oauth-authorization-server.json"] {
            try Data().write(to: root.appendingPathComponent(name))
        }
        let (providers, diagnostics) = InputScanner.scan([root.path])
        #expect(providers.map(\.name) == ["x"])
        #expect(diagnostics.rules.sorted { $0.rawValue < $1.rawValue } == [.inputDuplicate, .inputProviderName])
    }

    @Test func aFileNamedAloneIsReadAloneAndItsUnnamedCompanionIsPointedOut() throws {
        let quirks = Fixtures.exampleProviders + "/google.quirks.plist"
        let (providers, diagnostics) = InputScanner.scan([quirks])
        #expect(providers.map(\.name) == ["google"])
        #expect(providers.first?.discoveryPath == nil)
        #expect(diagnostics.map(\.rule) == [.inputCompanionNotNamed])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.location == SourceLocation(file: quirks, line: 1, column: 1))
        #expect(
            diagnostics.first?.message
                == "expected every file of provider 'google' among the inputs, found 'google.openid-configuration.json' beside this file but not named, so it is not read; name it too, or name the directory"
        )

        let discovery = Fixtures.exampleProviders + "/google.openid-configuration.json"
        #expect(
            InputScanner.scan([discovery]).diagnostics.map(\.message) == [
                "expected every file of provider 'google' among the inputs, found 'google.quirks.plist' beside this file but not named, so it is not read; name it too, or name the directory"
            ])
        #expect(InputScanner.scan([quirks, discovery]).diagnostics.isEmpty)
        // GitHub has no discovery document: nothing beside its quirk file to point out.
        #expect(InputScanner.scan([Fixtures.exampleProviders + "/github.quirks.plist"]).diagnostics.isEmpty)
    }

    @Test func theSameFileNamedTwiceCountsOnce() {
        let file = Fixtures.exampleProviders + "/okta.quirks.plist"
        let (providers, diagnostics) = InputScanner.scan([
            file, file, Fixtures.exampleProviders + "/../Providers/okta.quirks.plist",
        ])
        #expect(diagnostics.map(\.rule) == [.inputCompanionNotNamed])
        #expect(providers.count == 1)
    }
}
