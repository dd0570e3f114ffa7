import Foundation
import TestSupport
import Testing

/// The plugins inside real `swift build` runs of the packages in `Examples/`, each with its own
/// scratch path under `.build-examples/` (ignored by git), emptied first: SwiftPM does not rerun a
/// plugin's command when only the tool changed, so a build left from an earlier run could skip
/// exactly what these tests are about.
///
/// About five minutes of serial `swift build`s on two cores (275 s in one run): they run in a
/// step of their own (`OAUTHGEN_EXAMPLE_BUILDS=1 swift test --filter PluginBuildTests`, which
/// `.ci/run` runs after `swift test`), so the inner `swift test` loop stays under a minute.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["OAUTHGEN_EXAMPLE_BUILDS"] == "1",
        "the example packages build in their own step: OAUTHGEN_EXAMPLE_BUILDS=1 swift test --filter PluginBuildTests"))
struct PluginBuildTests {
    static let root = ProcessRunner.packageRoot
    static let scratch = root.appendingPathComponent(".build-examples")

    static var swift: URL { ProcessRunner.which("swift") ?? URL(fileURLWithPath: "/usr/bin/swift") }

    func cleanBuild(_ package: String, _ extra: [String] = []) async throws -> ProcessRunner.Run {
        try? FileManager.default.removeItem(at: Self.scratch.appendingPathComponent(package))
        return try await build(package, extra)
    }

    func build(_ package: String, _ extra: [String] = []) async throws -> ProcessRunner.Run {
        try await ProcessRunner.runDetached(
            Self.swift,
            [
                "build", "--package-path", Self.root.appendingPathComponent("Examples/\(package)").path,
                "--scratch-path", Self.scratch.appendingPathComponent(package).path,
            ] + extra)
    }

    /// Misuses of the typed clients fail to compile, each with the compiler's error at its line:
    /// `Examples/CompileFail`, built with the real `swift build` and the build plugin. (Its own
    /// scratch path: SwiftPM, handed another root package's, built that package instead.)
    @Test func misusesOfTheTypedClientsDoNotCompile() async throws {
        // Clean: SwiftPM can miss files added to a path dependency in a kept scratch path (CI has none kept).
        let run = try await cleanBuild("CompileFail")
        let sources = Self.root.appendingPathComponent("Examples/CompileFail/Sources/Misuse").path
        expectFailed(
            run,
            withExactly: [
                "\(sources)/GoogleClaimsFromGitHub.swift:5:12: error: 'claims' is unavailable: GitHub is an OAuth 2.0 provider: it issues no ID token, so a sign-in has no claims; read its UserInfo",
                "\(sources)/GooglePendingOnEntra.swift:6:75: error: cannot convert value of type 'PendingAuthorization<Google>' to expected argument type 'PendingAuthorization<MicrosoftEntra>'",
                "\(sources)/RevokeWithoutEndpoint.swift:5:22: error: 'revoke(_:hint:)' is unavailable: MicrosoftEntra has no revocation endpoint (RFC 7009) in its metadata or quirk file",
                "\(sources)/DeviceWithoutEndpoint.swift:5:26: error: 'authorizeDevice(scopes:now:)' is unavailable: GitHub has no device authorization endpoint (RFC 8628) in its metadata or quirk file",
                "\(sources)/GoogleClientFromEntraConfiguration.swift:6:13: error: referencing initializer 'init(configuration:options:)' on 'OAuthClient' requires the types 'Google' and 'DiscoveredProvider' be equivalent",
            ])
    }

    /// The build failed with each of `expected` as a line of its log, and with no other error.
    func expectFailed(
        _ run: ProcessRunner.Run, withExactly expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status != 0, sourceLocation: sourceLocation)
        let lines = Set((run.stdout + run.stderr).split(separator: "\n").map(String.init))
        for line in expected {
            #expect(
                lines.contains(line), "missing: \(line)\n\(run.stdout)\n\(run.stderr)", sourceLocation: sourceLocation)
        }
        #expect(
            lines.filter { $0.contains(": error: ") }.count == expected.count, "\(run.stdout)\n\(run.stderr)",
            sourceLocation: sourceLocation)
    }

    /// How many times a verbose build log shows the tool being run: built from source
    /// (`oauthgen-generate-tool`) or a release's prebuilt bundle (`…/bin/oauthgen-generate`).
    func toolRuns(_ run: ProcessRunner.Run) -> Int {
        let log = run.stdout + run.stderr
        return log.components(separatedBy: "oauthgen-generate-tool generate ").count - 1
            + log.components(separatedBy: "/bin/oauthgen-generate generate ").count - 1
    }

    @Test func aBadRedirectURIFailsTheBuildOnItsPlistLine() async throws {
        let run = try await cleanBuild("BadRedirect", ["--target", "App"])
        #expect(run.status != 0)
        let plist = Self.root.appendingPathComponent("Examples/BadRedirect/Sources/App/acme.quirks.plist").path
        let expected =
            "\(plist):9:3: error: redirect URI 'myapp://callback': expected a private-use scheme based on a reverse domain name the app controls (e.g. 'com.example.app'), found 'myapp' with no period; servers should reject it and any app can claim it [redirect-scheme-no-period] (RFC 8252 §8.4)"
        let lines = (run.stdout + run.stderr).split(separator: "\n").map(String.init)
        #expect(lines.contains(expected), "\(run.stdout)\n\(run.stderr)")
    }

    /// The app's own files, named in the target's oauthgen.json: an Info.plist without the
    /// redirect's scheme, entitlements without the claimed https host's associated domain or the
    /// Keychain group the app uses. Each fails `swift build` on the line to fix. (Not a clean
    /// build: the package's tool is the one `aBadRedirectURIFailsTheBuildOnItsPlistLine` built,
    /// and a command that failed always runs again.)
    @Test func theAppsInfoPlistAndEntitlementsFailTheBuildOnTheirLines() async throws {
        let run = try await build("BadRedirect", ["--target", "MissingScheme"])
        let package = Self.root.appendingPathComponent("Examples/BadRedirect").path
        expectFailed(
            run,
            withExactly: [
                "\(package)/AppFiles/Info.plist:7:2: error: expected the URL scheme 'com.example.acme' among CFBundleURLTypes' CFBundleURLSchemes, found it missing: provider 'acme' redirects to 'com.example.acme:/callback', and the app would never receive the response [scheme-not-registered] (RFC 8252 Appendix B.1)",
                "\(package)/AppFiles/App.entitlements:5:2: error: expected 'applinks:app.example.com' or 'webcredentials:app.example.com' in com.apple.developer.associated-domains, found neither: provider 'acme' redirects to the claimed https URI 'https://app.example.com/oauth/callback', which the system delivers only to an app associated with its host [associated-domain-missing] (RFC 8252 §7.2, Appendix B.1)",
                "\(package)/Sources/MissingScheme/oauthgen.json:5:28: error: expected the Keychain access group '$(AppIdentifierPrefix)com.example.shared' in the entitlements' keychain-access-groups, found it missing: every Keychain call with it would fail with errSecMissingEntitlement (-34018) [keychain-group-not-entitled]",
            ])
    }

    @Test func theConsumerBuildsGetsItsClientsAndRebuildsOnlyWhenAnInputChanges() async throws {
        let first = try await cleanBuild("Consumer")
        #expect(first.status == 0, "\(first.stdout)\n\(first.stderr)")
        // Warnings reach the build log at the input's line; nothing else from the tool does.
        #expect((first.stdout + first.stderr).contains("Sources/signin/entra.openid-configuration.json:1:1: warning:"))

        // SwiftPM relinks a plugin's tool once on the build after a clean build; settle first.
        _ = try await build("Consumer")
        let noOp = try await build("Consumer", ["-v"])
        #expect(noOp.status == 0)
        #expect(toolRuns(noOp) == 0, "a no-op build ran the tool")

        let input = Self.root.appendingPathComponent("Examples/Consumer/Sources/signin/github.quirks.plist")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: input.path)
        let touched = try await build("Consumer", ["-v"])
        #expect(touched.status == 0)
        #expect(toolRuns(touched) == 1)

        let binary = Self.scratch.appendingPathComponent("Consumer/debug/signin")
        let url = try ProcessRunner.run(binary, ["github", "--print-url"])
        #expect(url.status == 0, "\(url.stderr)")
        let components = try #require(URLComponents(string: url.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(components.host == "github.com")
        let query = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(query["scope"] == "read:user,user:email")
        #expect(query["redirect_uri"] == "http://127.0.0.1/oauth/github")
        #expect(query["code_challenge_method"] == "S256")
        let google = try ProcessRunner.run(binary, ["google", "--print-url"])
        #expect(google.stdout.contains("access_type=offline"))
        #expect(google.stdout.contains("scope=openid%20email%20https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fdrive.file"))
    }

    /// swift-openapi-generator's plugin and ours on one target, as CallingAPIsThroughOpenAPIClients.md
    /// says they work (its snippets are this package's, warnings as errors), and what the article
    /// says an app sees, through the real OpenAPIRuntime: the session's error out of `ClientError`.
    @Test func anOpenAPIClientAndAProviderBuildInOneTargetAndTheOAuthErrorComesBackOut() async throws {
        let build = try await cleanBuild("OpenAPIClient")
        #expect(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        guard build.status == 0 else { return }
        let binary = Self.scratch.appendingPathComponent("OpenAPIClient/debug/profile")
        let notSignedIn = try ProcessRunner.run(binary, [])
        #expect(notSignedIn.status == 0, "\(notSignedIn.stderr)")
        #expect(notSignedIn.stdout == "not signed in: sign in first\n")
        let anotherServer = try ProcessRunner.run(binary, ["--another-server"])
        #expect(
            anotherServer.stdout == """
                failed: expected a request to https://openidconnect.googleapis.com:443, found one to \
                https://api.example.com/v1/userinfo; its access token is not sent there

                """)
    }

    /// `Examples/MCPClient`'s `mcp-client`: the official MCP Swift SDK's client, signed in through
    /// OAuthMCP, calls a tool on a real MCP server (the Python SDK's, protected by
    /// django-oauth-toolkit), registering itself and signing in through the headless browser.
    @Test(.enabled("needs django-oauth-toolkit and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() })
    func theMCPClientCallsAToolThroughTheSDK() async throws {
        let build = try await cleanBuild("MCPClient")
        #expect(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        guard build.status == 0 else { return }
        let provider = try DjangoProvider.instance()
        let server = try MCPTestServer(provider: provider)
        defer { server.stop() }
        let binary = Self.scratch.appendingPathComponent("MCPClient/debug/mcp-client")
        let metrics = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mcp-client-\(UUID().uuidString).prom")
        defer { try? FileManager.default.removeItem(at: metrics) }
        let run = try ProcessRunner.run(
            binary,
            [
                server.endpoint.absoluteString, "--allow-insecure-loopback", "--call", "add",
                "--arguments", #"{"a": 20, "b": 22}"#, "--browser-command",
                "\(provider.python) \(provider.driver) --username olivia", "--metrics-file", metrics.path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "42\n")
        // Issue 55: progress through a pipe is plain lines, and the metrics reach swift-prometheus.
        #expect(run.stderr.contains("Discovering the resource and its authorization server…\n"))
        #expect(run.stderr.contains("Waiting for the sign-in in the browser…\n"))
        let exported = try String(contentsOf: metrics, encoding: .utf8)
        #expect(exported.contains("# TYPE oauth_sign_ins_total counter"))
        #expect(exported.contains(#"oauth_sign_ins_total{grant="authorization_code",outcome="success"} 1"#))
        #expect(exported.contains(#"oauth_registrations_total{outcome="registered"} 1"#))
        #expect(exported.contains("# TYPE oauth_http_request_duration_seconds histogram"))
        #expect(exported.contains(#"oauth_http_request_duration_seconds_count{endpoint="token",status_class="2xx"} 1"#))
        // Issue 53, H10: a JSON-RPC error's message (the server's text) is printed escaped.
        let refused = try ProcessRunner.run(
            binary,
            [
                server.endpoint.absoluteString, "--allow-insecure-loopback", "--call", "refuse", "--arguments",
                #"{"message": "denied \u001b[2J\u202e\nerror: forged"}"#, "--browser-command",
                "\(provider.python) \(provider.driver) --username olivia",
            ])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(#"denied \u{1B}[2J\u{202E}\u{A}error: forged"#), "\(refused.stderr)")
        #expect(!refused.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        if PostgresServer.isAvailable {
            try await bothToolsShareASignInInOneDatabase(mcpClient: binary, provider: provider, server: server)
        }
        try await clientsOnOneStoreRefreshOnce(mcpClient: binary, provider: provider)

        // Issue 45, item 7: the SDK's own transport cannot read this server's server-sent events
        // on Linux and has no deadline of its own; --timeout ends the run all the same (it
        // waited past 60 s with --timeout 15 before), and fails it.
        let started = Date()
        let sdk = try ProcessRunner.run(
            binary,
            [
                server.endpoint.absoluteString, "--allow-insecure-loopback", "--call", "add",
                "--arguments", #"{"a": 1, "b": 2}"#, "--sdk-transport", "--timeout", "5",
                "--browser-command", "\(provider.python) \(provider.driver) --username olivia",
            ], timeout: 120)
        #expect(sdk.status != 0)
        #expect(
            sdk.stderr.contains("expected the MCP server's answer to add within 5.0 s (--timeout), found none"),
            "\(sdk.stderr)")
        print(
            "mcp-client --sdk-transport --timeout 5 on an SSE server ended after \(Int(Date().timeIntervalSince(started))) s"
        )

        // Enterprise-managed authorization: one sign-in at the identity provider (idpyoidc), an
        // ID-JAG redeemed at the MCP server's authorization server (authlib), no browser there.
        guard EnterprisePeers.isAvailable else { return }
        let peers = try EnterprisePeers()
        defer { peers.stop() }
        let enterprise = try peers.mcpServer()
        defer { enterprise.stop() }
        try peers.allow(resources: [enterprise.endpoint.absoluteString])
        let viaIdentityProvider = try ProcessRunner.run(
            binary,
            [
                enterprise.endpoint.absoluteString, "--allow-insecure-loopback", "--call", "add", "--arguments",
                #"{"a": 40, "b": 2}"#,
                "--browser-command", "\(provider.python) \(provider.driver)",
                "--identity-provider", peers.identityProvider, "--identity-client-id", EnterprisePeers.identityClientID,
                "--identity-client-secret", EnterprisePeers.identitySecret,
                "--client-id", EnterprisePeers.serverClientID, "--client-secret", EnterprisePeers.serverSecret,
                "--authorization-server", peers.authorizationServer,
            ])
        #expect(viaIdentityProvider.status == 0, "\(viaIdentityProvider.stderr)")
        #expect(viaIdentityProvider.stdout == "42\n")
        #expect(
            peers.authorizationServerRequests().map { $0["grant_type"] as? String } == [
                "urn:ietf:params:oauth:grant-type:jwt-bearer"
            ])

        // No user: the client as itself (client credentials, its secret from the environment,
        // never argv), then a workload's platform JWT read from a file; nothing opens.
        let machine = try MachinePeer(grants: ["client_credentials", "workload"])
        defer { machine.stop() }
        try machine.makeWorkloadPlatform()
        let machineServer = try machine.mcpServer()
        defer { machineServer.stop() }
        let tokenFile = machine.directory.appendingPathComponent("workload-token")
        try machine.mintWorkloadToken(to: tokenFile)
        let unattended: [(name: String, options: [String], environment: [String: String])] = [
            (
                "client credentials",
                [
                    "--client-credentials", "--client-id", MachinePeer.clientID, "--authorization-server",
                    machine.issuer,
                ], ["MCP_CLIENT_SECRET": MachinePeer.secret]
            ),
            ("a workload JWT", ["--workload-token", tokenFile.path], [:]),
        ]
        for (name, options, environment) in unattended {
            let run = try ProcessRunner.run(
                binary,
                [
                    machineServer.endpoint.absoluteString, "--allow-insecure-loopback", "--call", "add", "--arguments",
                    #"{"a": 30, "b": 12}"#, "--browser-command", "/bin/false",
                ] + options, environment: environment)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stdout == "42\n", "\(name)")
        }
        #expect(
            machine.requests().map { $0["grant_type"] as? String } == [
                "client_credentials", "urn:ietf:params:oauth:grant-type:jwt-bearer",
            ])
    }
}
