import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthMCP
@_spi(BuildingBlocks) @_spi(Testing) import OAuthRuntime

@_spi(BuildingBlocks) @_spi(Testing) import OAuthResources
// --resource: from a protected resource's URL alone to a call it answers, as an MCP client goes.
extension OAuthGenLogin {
    func resourceSignIn() async throws(OAuthError) {
        guard signInOptions.issuer == nil, signInOptions.discovery == nil, !signInOptions.par,
            signInOptions.acrValues == nil, signInOptions.maxAge == nil
        else {
            throw OAuthError(
                .invalidConfiguration,
                "expected --resource without --issuer, --discovery, --par, --acr-values or --max-age: the resource names its authorization server and, in its RFC 9470 challenge, the authentication it needs"
            )
        }
        guard let resource = resourceOptions.resource, let resourceURL = URL(string: resource), resourceURL.host != nil
        else {
            throw OAuthError(
                .invalidConfiguration,
                "expected --resource to be an absolute URL, found \"\(resourceOptions.resource ?? "")\"")
        }
        let progress = TerminalProgress(mode: outputOptions.progressMode)
        defer { progress.finish() }
        let agent = try LoopbackUserAgent(browserCommandLine: signInOptions.browserCommand, timeout: timeout)
        var kept: CommandLineStore?
        if let store = storeOptions.store {
            kept = try await CommandLineStore.open(store, keyFile: storeOptions.storeKey)
        }
        let redirect = try loopbackURI(signInOptions.redirectURI, option: "--redirect-uri")
        let presenter =
            signInOptions.device
            ? TerminalDeviceCodePresenter(
                browser: signInOptions.browserCommand == nil ? nil : agent, progress: progress) : nil
        let method = try await resourceSignInMethod(agent: agent, redirect: redirect, store: kept, presenter: presenter)
        let session = ProtectedResourceSession(
            resource: resourceURL, signIn: method,
            store: kept.map { $0.tokens as any TokenStore } ?? MemoryTokenStore(),
            options: ClientOptions(
                transport: LoginTransport.make(), allowInsecureLoopback: allowInsecureLoopback,
                telemetry: progress.telemetry),
            policy: ResourceSessionPolicy(alwaysUsesDPoP: signInOptions.dpop))
        let found = try await session.discovery()
        // The resource, its server and the client's binding to it are checked first, before
        // anything signs in or sends a credential; the registration and the first sign-in are
        // made once for all the processes on --store. Scopes given on the command line replace
        // the ones the resource named.
        let oauth = try await session.signedInSession(
            scopes: signInOptions.scope.map { $0.split(separator: " ").map(String.init) })
        let registration = oauth.client.options.registration
        let signInReused = await session.firstSignIns == 0
        var status: Int?
        var location: String?
        var outcome: MCPOutcome?
        if resourceOptions.mcp || resourceOptions.call != nil {
            outcome = try await speakMCP(through: session)
        } else {
            var request = URLRequest(url: resourceURL)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let response = try await session.data(for: request).1
            status = response.statusCode
            location = response.value(forHTTPHeaderField: "Location")
        }
        let report = ResourceReport(
            resource: found.resource.identifier.absoluteString, authorization_server: found.configuration.issuer ?? "",
            client_id: oauth.client.clientID, registration: registration?.method.rawValue ?? "preregistered",
            grant: method.grant.grantType,
            registration_reused: await session.registrationReused,
            sign_in_reused: signInReused, scope: try await oauth.currentSignIn()?.tokens.scopes?.joined(separator: " "),
            stepped_up: await session.stepUps > 0, refreshed: await oauth.refreshCount > 0,
            dpop_jkt: try await oauth.currentSignIn()?.tokens.dpopKey?.thumbprint, resource_status: status,
            mcp_tools: outcome?.tools, mcp_result: outcome?.result,
            server_quirks: await session.appliedServerQuirks.map {
                ServerQuirksReport(name: $0.name, applied: $0.quirks.applied, sources: $0.sources)
            }, device: presenter?.shown.value,
            identity_provider: enterpriseOptions.identityProvider,
            hops: Self.hops(
                identityProvider: enterpriseOptions.identityProvider,
                redeemed: await session.identityAssertionsRedeemed,
                at: found),
            durations_ms: progress.durations)
        progress.finish()
        if outputOptions.json {
            print(Self.jsonText(report))
        } else {
            print(
                """
                resource: \(Self.printable(report.resource))\(status.map { " (HTTP \($0))" } ?? "")
                authorization server: \(Self.printable(report.authorization_server))
                client: \(Self.printable(report.client_id)) (\(report.registration)\(report.registration_reused ? ", reused" : ""))
                sign-in: \(report.sign_in_reused ? "kept in the store" : "new")\(report.refreshed ? ", refreshed" : "")
                scope: \(Self.printable(report.scope ?? ""))\(report.stepped_up ? " (stepped up)" : "")
                """)
            if let quirks = report.server_quirks {
                print("server quirks: \(quirks.name): \(quirks.applied.joined(separator: ", "))")
            }
            for hop in report.hops ?? [] {
                print(
                    "hop: \(Self.printable(hop.grant_type)) at \(Self.printable(hop.at)) gave \(Self.printable(hop.issued_token_type))"
                )
            }
            if let tools = outcome?.tools { print("tools: \(tools.map(Self.printable).joined(separator: ", "))") }
            for text in outcome?.result ?? [] { print(ToolOutput.printable(text)) }
        }
        // The final call refused (or a tool that failed) is a failed run, whatever was printed.
        if let status, (300..<400).contains(status) {
            throw OAuthError.redirectRefused(endpoint: "resource", status: status, location: location)
        }
        if let status, status >= 400 {
            let hint = status == 406 || status == 405 ? "; an MCP server? pass --mcp (or --call TOOL)" : ""
            throw OAuthError(
                .unexpectedResponse, "expected the resource to answer the call, found HTTP \(status)\(hint)",
                httpStatus: status)
        }
        if outcome?.isError == true {
            throw OAuthError(
                .unexpectedResponse,
                "expected the tool \(resourceOptions.call ?? "") to succeed, found it reported an error")
        }
    }
}
