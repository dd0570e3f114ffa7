import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An MCP server's authorization server for agents with no one at the keyboard, on 127.0.0.1
/// (`Tests/Support/machine`): authlib's client credentials, jwt-bearer (a workload's platform
/// JWT) and device grants, each listed in its metadata only when asked for, with introspection
/// for the MCP server. It logs the parameter names and values of the token and device
/// authorization requests it gets (never a token, secret or assertion), for wire checks.
///
/// It also plays the workload platform: a key it makes (``makeWorkloadPlatform()``), whose
/// public JWK set the server trusts, and JWTs minted with it (``mintWorkloadToken(subject:audience:lifetime:to:)``).
public final class MachinePeer {
    /// The client that authenticates with a secret.
    public static let clientID = "mcp-machine"
    /// Its secret.
    public static let secret = "mcp-machine-secret-8c7b6a"
    /// The client that authenticates with `private_key_jwt`.
    public static let keyClientID = "mcp-machine-key"
    /// The public client of the device grant.
    public static let deviceClientID = "mcp-device"
    /// The workload platform's issuer.
    public static let platform = "https://platform.example.com"
    /// The credentials the MCP server introspects with.
    public static let introspection = (clientID: "mcp-server", secret: "mcp-introspection-3f2e1d")

    /// The authorization server's issuer.
    public let issuer: String
    /// Its token endpoint (a workload JWT's audience).
    public var tokenEndpoint: String { issuer + "/token" }
    let process: Process
    /// Where the server's files are (its configuration, log, the platform's keys).
    public let directory: URL

    /// Starts it with `grants` (`client_credentials`, `workload`, `device_code`); the key client
    /// authenticates with `clientJWKS` where given. Access tokens live `accessTokenLifetimes`
    /// seconds (the first, the second, ..., the last repeating); the device grant asks for
    /// `deviceInterval` seconds between polls, and answers `slow_down` to a poll sooner than
    /// `deviceSlowDownBelow` seconds after the last (the interval by default). With
    /// `registration` it takes open RFC 7591 registrations of public clients; with
    /// `refreshRefusesResource` (and the `refresh` grant) it refuses a refresh naming a resource,
    /// as Microsoft Entra ID v2.0 does (AADSTS9010010).
    public init(
        grants: [String], clientJWKS: [String: Any]? = nil, accessTokenLifetimes: [Int] = [3600],
        deviceInterval: Int = 5, deviceSlowDownBelow: Int? = nil, registration: Bool = false,
        refreshRefusesResource: Bool = false
    ) throws {
        let python = try DjangoProvider.instance().python
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-machine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let machineGrants = ["client_credentials"]
        var clients: [[String: Any]] = [
            ["client_id": Self.clientID, "client_secret": Self.secret, "grant_types": machineGrants],
            [
                "client_id": Self.deviceClientID,
                "grant_types": ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
            ],
        ]
        if let clientJWKS {
            clients.append(["client_id": Self.keyClientID, "jwks": clientJWKS, "grant_types": machineGrants])
        }
        let configuration = directory.appendingPathComponent("authorization-server.json")
        var object: [String: Any] = [
            "grants": grants, "clients": clients,
            "workload": ["issuer": Self.platform, "jwks_file": directory.appendingPathComponent("jwks.json").path],
            "introspection": ["client_id": Self.introspection.clientID, "client_secret": Self.introspection.secret],
            "log": directory.appendingPathComponent("authorization-server.log").path,
            "answers": directory.appendingPathComponent("token-answers.log").path,
            "expires_in": accessTokenLifetimes, "device_interval": deviceInterval, "registration": registration,
            "refresh_refuses_resource": refreshRefusesResource,
        ]
        if let deviceSlowDownBelow { object["device_slow_down_below"] = deviceSlowDownBelow }
        try JSONSerialization.data(withJSONObject: object).write(to: configuration, options: .atomic)
        let (process, port) = try startScript(
            "machine/authorization_server.py", named: "the machine authorization server", python: python,
            arguments: [configuration.path])
        self.process = process
        issuer = "http://127.0.0.1:\(port)"
    }

    /// An MCP server (the Python SDK's) whose tokens come from this server, checked by
    /// introspection here; with `eventStore`, it numbers and keeps its events for resumption.
    public func mcpServer(jsonResponses: Bool = false, eventStore: Bool = false) throws -> MCPTestServer {
        try MCPTestServer(
            authorizationServer: issuer, introspection: issuer + "/introspect", clientID: Self.introspection.clientID,
            secret: Self.introspection.secret, jsonResponses: jsonResponses, eventStore: eventStore)
    }

    /// Makes the workload platform's key; the server trusts its public JWK set from then on.
    public func makeWorkloadPlatform() throws {
        try platform(["keys", directory.path])
    }

    /// Writes to `file` a new JWT from the platform for `subject`, addressed to `audience`
    /// (the token endpoint by default), valid for `lifetime` seconds: replaced whole, as a
    /// platform rotates a projected token.
    public func mintWorkloadToken(
        subject: String = "system:serviceaccount:agents:mcp-agent", audience: String? = nil, lifetime: Int = 600,
        to file: URL
    ) throws {
        try platform([
            "mint", directory.path, Self.platform, subject, audience ?? tokenEndpoint, String(lifetime), file.path,
        ])
    }

    /// Approves the device authorization showing `userCode` at the server `issuer`, as the user
    /// would on another device.
    public static func approveDevice(userCode: String, at issuer: String) async throws {
        var request = URLRequest(url: URL(string: issuer + "/device/approve")!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            "user_code=\(userCode.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")".utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw DjangoProvider.Unavailable(description: "could not approve the device code")
        }
    }

    /// A browser command for the device grant: the user on another device, approving the code
    /// in the complete verification URI it is given, and noting it in ``shownCodes()``.
    public func approvingBrowser() throws -> String {
        let script = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/machine/approve_device.py")
        let log = directory.appendingPathComponent("shown-codes")
        return "\(try DjangoProvider.instance().python) \(script.path) \(log.path)"
    }

    /// The user codes ``approvingBrowser()`` was given, in order.
    public func shownCodes() -> [String] {
        let log = directory.appendingPathComponent("shown-codes")
        return ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The token and device authorization requests the server received, in order.
    public func requests() -> [[String: Any]] { Self.requests(in: directory) }

    /// The requests a server whose files are in `directory` (``directory``) received, in order.
    public static func requests(in directory: URL) -> [[String: Any]] {
        jsonLines(of: directory.appendingPathComponent("authorization-server.log"))
    }

    /// The error codes of the token responses a server whose files are in `directory` made, in
    /// order (`nil` for a success): written once each answer is made, so a test can wait for one.
    public static func tokenAnswers(in directory: URL) -> [String?] {
        jsonLines(of: directory.appendingPathComponent("token-answers.log")).map { $0["error"] as? String }
    }

    /// The JSON objects of a log the server appends one line to at a time; none before it exists.
    private static func jsonLines(of file: URL) -> [[String: Any]] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Stops it and removes its files.
    public func stop() {
        process.end()
        try? FileManager.default.removeItem(at: directory)
    }

    private func platform(_ arguments: [String]) throws {
        let python = try DjangoProvider.instance().python
        let script = ProcessRunner.packageRoot.appendingPathComponent("Tests/Support/machine/workload_platform.py")
        let run = try ProcessRunner.run(URL(fileURLWithPath: python), [script.path] + arguments)
        guard run.status == 0 else {
            throw DjangoProvider.Unavailable(description: "the workload platform failed: \(run.stdout)\(run.stderr)")
        }
    }
}
