import Benchmark
import BenchmarkSmoke
import Foundation
import OAuthGenCore
import OAuthPolicy

/// Generation of N providers in one process: scan, load (JSON reader + libxml2), validate every
/// rule including the cross-provider ones, build models and render. Writing is left out: it
/// measures the file system, not oauthgen.
///
/// Each provider is a copy of the Google example (a real discovery document and a realistic quirk
/// file) under its own name and redirect URIs, so the mix-up rule passes and every provider
/// renders a full client.
let benchmarks: @Sendable () -> Void = {
    for count in [10, 100, 1_000] {
        let inputs = ProviderCorpus.make(count: count)
        let templates = try! TemplateSet.embedded()
        Benchmark(
            "generate \(count) providers",
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
                timeUnits: .milliseconds,
                maxDuration: .seconds(10),
                maxIterations: count >= 1_000 ? 10 : 100
            )
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let result = Generator(templates: templates).run(paths: [inputs.path])
                precondition(result.files.count == count && !result.diagnostics.containsErrors)
                blackHole(result)
            }
        }
    }

    let corpus = ProviderCorpus.make(count: 1)
    Benchmark(
        "validate 1 provider (no rendering)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Generator.validate(paths: [corpus.path]))
        }
    }

    // Hostile input (hardening 16): an unknown key of 10k and 300k characters. Before the
    // did-you-mean bound these took 4 s and over 30 s; now they cost what reading them costs.
    for length in [10_000, 300_000] {
        let hostile = ProviderCorpus.hostileQuirkFile(keyLength: length)
        Benchmark(
            "validate a quirk file with a \(length)-character unknown key",
            configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let (_, diagnostics) = Generator.validate(paths: [hostile.path])
                precondition(diagnostics.containsErrors)
                blackHole(diagnostics)
            }
        }
    }

    let uris = [
        "com.example.app:/oauth2redirect", "http://127.0.0.1/callback", "https://app.example.com/cb",
        "myapp://callback",
    ]
    Benchmark(
        "check 4 redirect URIs",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            for uri in uris { blackHole(RedirectURIChecker.check(uri)) }
        }
    }

    // An MCP server's 403 (RFC 6750 §3.1 with RFC 9728's resource_metadata). Its result is two
    // arrays and three strings too long to be stored inline (over 15 UTF-8 bytes): 5 allocations.
    let challenge =
        #"Bearer error="insufficient_scope", scope="read write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp""#
    Benchmark(
        "parse a WWW-Authenticate challenge",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? WWWAuthenticate.parse(challenge))
        }
    }
    BenchmarkSmoke.applyIfAsked()
}

enum ProviderCorpus {
    /// A quirk file (GitHub-like, no discovery document) with one unknown key of `keyLength` characters.
    static func hostileQuirkFile(keyLength: Int) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-bench-hostile-\(keyLength)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = String(repeating: "x", count: keyLength)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>endpoints</key><dict><key>authorization</key><string>https://a.example.com/a</string><key>token</key><string>https://a.example.com/t</string></dict>
            <key>\(key)</key><string>x</string>
            </dict></plist>
            """
        let file = directory.appendingPathComponent("hostile.quirks.plist")
        try! Data(plist.utf8).write(to: file)
        return file
    }

    static let discovery = #"""
        {
          "issuer": "https://accounts.google.com",
          "authorization_endpoint": "https://accounts.google.com/o/oauth2/v2/auth",
          "token_endpoint": "https://oauth2.googleapis.com/token",
          "userinfo_endpoint": "https://openidconnect.googleapis.com/v1/userinfo",
          "revocation_endpoint": "https://oauth2.googleapis.com/revoke",
          "jwks_uri": "https://www.googleapis.com/oauth2/v3/certs",
          "response_types_supported": ["code", "token", "id_token", "code token", "code id_token", "token id_token", "code token id_token", "none"],
          "subject_types_supported": ["public"],
          "id_token_signing_alg_values_supported": ["RS256"],
          "scopes_supported": ["openid", "email", "profile"],
          "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
          "claims_supported": ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss", "name", "picture", "sub"],
          "code_challenge_methods_supported": ["plain", "S256"],
          "grant_types_supported": ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code", "urn:ietf:params:oauth:grant-type:jwt-bearer"]
        }
        """#

    static func quirks(_ name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>clientID</key>
        \t<string>123456789000-\(name).apps.googleusercontent.com</string>
        \t<key>redirectURIs</key>
        \t<array>
        \t\t<string>com.googleusercontent.apps.123456789000-\(name):/oauth2redirect</string>
        \t\t<string>http://127.0.0.1/oauth2/\(name)</string>
        \t</array>
        \t<key>defaultScopes</key>
        \t<array><string>openid</string><string>email</string></array>
        \t<key>scopes</key>
        \t<dict><key>https://www.googleapis.com/auth/drive.file</key><string>Drive files the app opened.</string></dict>
        \t<key>claims</key>
        \t<dict><key>hd</key><string>string</string></dict>
        \t<key>authorizationParameters</key>
        \t<dict><key>access_type</key><string>offline</string></dict>
        </dict>
        </plist>
        """
    }

    /// A directory of `count` providers, written once per benchmark run.
    static func make(count: Int) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oauthgen-bench-\(count)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in 0..<count {
            let name = "p\(index)"
            try! Data(discovery.utf8).write(to: directory.appendingPathComponent("\(name).openid-configuration.json"))
            try! Data(quirks(name).utf8).write(to: directory.appendingPathComponent("\(name).quirks.plist"))
        }
        return directory
    }
}
