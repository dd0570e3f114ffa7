// Reads the runtime's spans and metrics: the Telemetry trait (PostgreSQL, as the tests run, enables it).
#if Telemetry
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InMemoryTracing
@_spi(BuildingBlocks) import OAuthRuntime
@_spi(Testing) import OAuthResources
import RuntimeTestSupport
import Testing
import TestSupport

/// What the runtime reports never carries what it must keep (issue 55): agents sign in to an MCP
/// server (the Python SDK's, its tokens from authlib) by client credentials and by the device
/// grant with a dynamic registration, call it and renew; every token, code, secret and assertion
/// any request or response carried is then looked for in every log line (at trace level), metric
/// label and dimension, span name, attribute, event and recorded error.
@Suite(
    .enabled("needs authlib and the Python mcp SDK") { await DjangoProvider.isAvailableOffPool() },
    .serialized)
struct TelemetrySecretsTests {
    /// The user on another device, approving the code as soon as it is shown.
    struct ApprovingPresenter: DeviceCodePresenter {
        let issuer: String

        func present(_ authorization: DeviceAuthorization<DiscoveredProvider>) async throws(OAuthError) {
            do {
                try await MachinePeer.approveDevice(userCode: authorization.userCode, at: issuer)
            } catch {
                throw OAuthError(.cancelled, "expected the test server to approve the code, found \(error)")
            }
        }
    }

    @Test func noTokenCodeSecretOrAssertionIsInAnyLineLabelOrAttribute() async throws {
        let peer = try MachinePeer(
            grants: ["client_credentials", "device_code"], deviceInterval: 1, registration: true)
        defer { peer.stop() }
        let server = try peer.mcpServer()
        defer { server.stop() }
        let recorder = TelemetryRecorder()
        let transport = RecordingTransport()
        let options = ClientOptions(transport: transport, allowInsecureLoopback: true, telemetry: recorder.telemetry)

        let machine = ProtectedResourceSession(
            resource: server.endpoint,
            signIn: ClientCredentialsIdentity(
                clientID: MachinePeer.clientID, issuer: peer.issuer, clientSecret: MachinePeer.secret),
            options: options)
        #expect(
            try await machine.data(for: EnterpriseResourceSessionTests.initialize(server.endpoint)).1.statusCode == 200)
        try await machine.oauthSession().refresh()
        let person = ProtectedResourceSession(
            resource: server.endpoint,
            signIn: DeviceGrantSignIn(
                client: .dynamic(clientName: "oauthgen telemetry test"),
                presenter: ApprovingPresenter(issuer: peer.issuer)),
            options: options)
        #expect(
            try await person.data(for: EnterpriseResourceSessionTests.initialize(server.endpoint)).1.statusCode == 200)

        // A streamed request (an MCP client's) is reported as `data(for:)`'s are.
        func resourceRequests() -> Int {
            recorder.spans.filter {
                $0.operationName == "POST" && $0.attributes["oauth.endpoint"]?.toSpanAttribute() == "resource"
            }.count
        }
        let before = resourceRequests()
        let (head, body) = try await machine.stream(
            for: EnterpriseResourceSessionTests.initialize(server.endpoint), idleTimeout: 30, bufferLimit: 1 << 20)
        for try await _ in body {}
        #expect(head.statusCode == 200)
        #expect(resourceRequests() == before + 1)

        let secrets = Self.secrets(in: transport.exchanges).union([MachinePeer.secret])
        // Access tokens (two grants, a renewal), the device code, the secret, the user code.
        #expect(secrets.count >= 5)
        let recorded = recorder.recordedText.joined(separator: "\n")
        let leaked = secrets.filter { recorded.contains($0) }
        #expect(leaked.isEmpty, "\(leaked.count) secret values appear in the telemetry")

        // What was recorded covers every step, so the search above searched something.
        let names = Set(recorder.spans.map(\.operationName))
        #expect(
            names.isSuperset(of: [
                "oauth.discovery", "oauth.registration", "oauth.sign_in", "oauth.refresh", "GET", "POST",
            ]))
        let metrics = recorder.metrics
        #expect(
            metrics.counterTotal(
                label: "oauth_sign_ins_total", dimensions: [("grant", "client_credentials"), ("outcome", "success")])
                == 1)
        #expect(
            metrics.counterTotal(
                label: "oauth_sign_ins_total",
                dimensions: [("grant", ResourceGrant.deviceCode.grantType), ("outcome", "success")]) == 1)
        #expect(metrics.counterTotal(label: "oauth_registrations_total", dimensions: [("outcome", "registered")]) == 1)
        #expect(
            recorder.logLines.contains {
                $0.metadata["oauth.step"] == "waiting_for_approval" && $0.metadata["oauth.deadline"] != nil
            })
        #expect(recorder.logLines.filter { $0.level == .trace }.count >= 1)
    }

    /// The values a request or response carried that must never be reported: form fields and
    /// JSON members holding a token, code, secret or assertion, and credentials in headers.
    static func secrets(in exchanges: [(request: HTTPRequest, response: HTTPResponse?)]) -> Set<String> {
        let formKeys: Set = [
            "client_secret", "code", "code_verifier", "refresh_token", "client_assertion", "assertion",
            "subject_token", "actor_token", "device_code",
        ]
        let jsonKeys: Set = [
            "access_token", "refresh_token", "id_token", "device_code", "user_code", "client_secret",
            "registration_access_token",
        ]
        var found: Set<String> = []
        for (request, response) in exchanges {
            let form = String(decoding: request.body ?? Data(), as: UTF8.self)
            for pair in form.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                if parts.count == 2, formKeys.contains(parts[0]) { found.insert(parts[1]) }
            }
            for (name, value) in request.headers where ["authorization", "dpop"].contains(name.lowercased()) {
                found.insert(String(value.split(separator: " ").last ?? ""))
            }
            if let body = response?.body, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
                for key in jsonKeys { if let value = object[key] as? String { found.insert(value) } }
            }
        }
        return found.filter { $0.count >= 6 }
    }
}
#endif
