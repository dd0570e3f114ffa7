import Foundation

/// `Tests/Support/dpop/dpop_server.py` on 127.0.0.1: an authorization server and a protected
/// resource (`/api`) that bind tokens with DPoP (RFC 9449) and check every proof, at the least the
/// specs require, each logging what it checked.
public final class DPoPPeers {
    /// How the two servers behave; each optional member of the specs gets its own posture.
    public struct Posture: Sendable {
        /// Both demand their own nonce (RFC 9449 §8, §9).
        public var nonces = false
        /// The authorization server leaves `dpop_signing_alg_values_supported` out.
        public var advertised = true
        /// The resource's first 401 challenges with `Bearer`, not `DPoP`.
        public var bearerChallenge = false

        /// A posture.
        public init(nonces: Bool = false, advertised: Bool = true, bearerChallenge: Bool = false) {
            self.nonces = nonces
            self.advertised = advertised
            self.bearerChallenge = bearerChallenge
        }
    }

    let processes: [Process]
    let directory: URL
    /// The authorization server's issuer.
    public let issuer: String
    /// The resource's URL and identifier.
    public let resource: String
    /// The client ID the authorization server takes (it takes any: the tests pre-register it).
    public static let clientID = "dpop-agent"
    /// A browser command that follows the authorization request's redirect back to the app.
    public var browserCommand: [String] {
        get throws {
            let python = try DjangoProvider.instance().python
            return [
                python, ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/callback_browser.py").path,
                "--follow",
            ]
        }
    }

    /// Starts both servers in `posture`.
    public init(_ posture: Posture = Posture()) throws {
        let python = try DjangoProvider.instance().python
        directory = try makeTestDirectory("oauthgen-dpop-peers")
        var common = ["--log", directory.appendingPathComponent("requests.log").path]
        if posture.nonces { common.append("--nonce") }
        let (server, serverPort) = try startScript(
            "dpop/dpop_server.py", named: "the DPoP authorization server", python: python,
            arguments: ["as"] + common + (posture.advertised ? [] : ["--no-advertise"]))
        issuer = "http://127.0.0.1:\(serverPort)"
        do {
            let (api, apiPort) = try startScript(
                "dpop/dpop_server.py", named: "the DPoP resource", python: python,
                arguments: ["resource", "--issuer", issuer] + common
                    + (posture.bearerChallenge ? ["--bearer-challenge"] : []))
            resource = "http://127.0.0.1:\(apiPort)/api"
            processes = [server, api]
        } catch {
            server.end()
            throw error
        }
    }

    /// What the servers checked, one object per request, in order: `at` (`authorize`, `token`,
    /// `resource`), `proof`, `answer`, `jkt`, `authorization`.
    public func requests() -> [[String: Any]] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("requests.log"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Stops both servers and removes their log.
    public func stop() {
        for process in processes { process.end() }
        try? FileManager.default.removeItem(at: directory)
    }
}
