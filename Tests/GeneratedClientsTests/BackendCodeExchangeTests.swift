import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Testing) import OAuthRuntime
import Testing
import TestSupport

/// The app's own server exchanges the code: a small backend on 127.0.0.1 that checks the app's
/// session and forwards the grant to django-oauth-toolkit's token endpoint. The callback checks
/// stay in the app, and the ID token the backend passes through is still verified.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() })
struct BackendCodeExchangeTests {
    /// What the backend does with a grant: forward it, or replay an earlier answer.
    final class Backend: @unchecked Sendable {
        // @unchecked: `replayFirst` and `answers` are only touched under `lock`; `server` is set
        // once, in `init`, and the handler never reads it.
        private let lock = NSLock()
        private var answers: [Data] = []
        private var replayFirst = false
        let tokenEndpoint: URL
        private(set) var server: LocalHTTPServer!

        init(tokenEndpoint: URL) throws {
            self.tokenEndpoint = tokenEndpoint
            server = try LocalHTTPServer { [unowned self] request in self.handle(request) }
        }

        func replayFirstAnswer() { lock.withLock { replayFirst = true } }

        private func handle(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
            guard request.path == "/oauth/exchange", request.method == "POST" else { return .notFound }
            guard
                request.headers.first(where: { $0.key.lowercased() == "authorization" })?.value
                    == "Bearer app-session-1"
            else {
                return LocalHTTPServer.Response(
                    status: 401, headers: ["Content-Type": "text/plain"], body: Data("who are you?".utf8))
            }
            if let first = lock.withLock({ replayFirst ? answers.first : nil }) {
                return LocalHTTPServer.Response(status: 200, headers: ["Content-Type": "application/json"], body: first)
            }
            guard let grant = try? JSONDecoder().decode([String: String].self, from: request.body),
                let code = grant["code"], let verifier = grant["code_verifier"], let redirect = grant["redirect_uri"],
                let clientID = grant["client_id"]
            else { return .json(#"{"error":"invalid_request"}"#, status: 400) }
            let form = [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect),
                ("client_id", clientID), ("code_verifier", verifier),
            ]
            .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(
                separator: "&")
            let (status, body) = Self.post(form, to: tokenEndpoint)
            if status == 200 { lock.withLock { answers.append(body) } }
            return LocalHTTPServer.Response(status: status, headers: ["Content-Type": "application/json"], body: body)
        }

        /// The server's handler runs on its own thread, so it may wait for the provider.
        private static func post(_ form: String, to url: URL) -> (Int, Data) {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.utf8)
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result = (502, Data())
            URLSession.shared.dataTask(with: request) { data, response, _ in
                result = ((response as? HTTPURLResponse)?.statusCode ?? 502, data ?? Data())
                done.signal()
            }.resume()
            done.wait()
            return result
        }
    }

    @Test func theBackendExchangesAndTheAppStillVerifies() async throws {
        let provider = try DjangoProvider.instance()
        let configuration = try TypedSignInAgainstDjangoTests.liveConfiguration(provider)
        let backend = try Backend(tokenEndpoint: configuration.endpoints.token)
        let exchange = try BackendCodeExchange(
            url: URL(string: "\(backend.server.origin)/oauth/exchange")!,
            headers: ["Authorization": "Bearer app-session-1"], allowInsecureLoopback: true)
        let client = try OAuthClient<DjangoOAuthToolkit>(
            overriding: configuration, options: ClientOptions(codeExchange: exchange, allowInsecureLoopback: true))
        let agent = LoopbackUserAgent(
            browserCommand: [provider.python, provider.driver, "--username", "heidi"], timeout: 60)

        let signIn = try await client.signIn(with: agent)
        #expect(signIn.claims.preferredUsername == "heidi")
        let requests = backend.server.requests(to: "/oauth/exchange")
        #expect(requests.count == 1)
        let grant = try JSONDecoder().decode([String: String].self, from: requests[0].body)
        #expect(grant["client_id"] == "oauthgen-native-no-consent")
        #expect(grant["code_verifier"]?.count == 43)
        #expect(grant["redirect_uri"]?.hasPrefix("http://127.0.0.1:") == true)
        #expect(grant["redirect_uri"]?.hasSuffix("/callback") == true)

        // A backend that answers a second sign-in with the first one's tokens: the ID token's
        // nonce is the first request's, so the app refuses it.
        backend.replayFirstAnswer()
        await #expect { try await client.signIn(with: agent) } throws: {
            let error = $0 as? OAuthError
            return error?.kind == .invalidIDToken && error?.idTokenFailure == .nonceMismatch
        }
    }

    @Test func aBackendRefusalIsTyped() async throws {
        let provider = try DjangoProvider.instance()
        let configuration = try TypedSignInAgainstDjangoTests.liveConfiguration(provider)
        let backend = try Backend(tokenEndpoint: configuration.endpoints.token)
        // No app session header: the backend answers 401 with a plain-text body.
        let exchange = try BackendCodeExchange(
            url: URL(string: "\(backend.server.origin)/oauth/exchange")!, allowInsecureLoopback: true)
        let client = try OAuthClient<DjangoOAuthToolkit>(
            overriding: configuration, options: ClientOptions(codeExchange: exchange, allowInsecureLoopback: true))
        let agent = LoopbackUserAgent(
            browserCommand: [provider.python, provider.driver, "--username", "ivan"], timeout: 60)
        await #expect { try await client.signIn(with: agent) } throws: {
            let error = $0 as? OAuthError
            return error?.kind == .unexpectedResponse && error?.httpStatus == 401
                && error?.description
                    == "expected an OAuth response from the backend exchange endpoint, found HTTP 401 with text/plain"
        }
    }

    @Test func theBackendMustBeHTTPS() {
        #expect { try BackendCodeExchange(url: URL(string: "http://api.example.com/oauth/exchange")!) } throws: {
            ($0 as? OAuthError)?.kind == .insecureEndpoint
        }
    }
}
