import Foundation
@testable import OAuthRuntime
import Testing
import TestSupport

/// Client keys as files and the assertions they sign (RFC 7523 §3, OIDC Core §9); the servers'
/// side of it is in EnterpriseHopsTests.
@Suite(.enabled("needs the venv's Python to make keys") { await EnterprisePeers.isAvailableOffPool() })
struct ClientKeyTests {
    /// The claims of `assertion`, decoded.
    func claims(of assertion: String) throws -> (header: [String: Any], payload: [String: Any]) {
        let parts = assertion.split(separator: ".")
        try #require(parts.count == 3)
        func object(_ part: Substring) throws -> [String: Any] {
            let data = try #require(Base64URL.decode(part))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        return (try object(parts[0]), try object(parts[1]))
    }

    @Test(arguments: [("ec", "ES256"), ("rsa", "RS256")])
    func anAssertionNamesTheClientTheServerAndAMinute(kind: String, algorithm: String) throws {
        let directory = try makeTestDirectory("client-key")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (key, _) = try ClientKeyFiles.make(kind, in: directory, keyID: "2026-11")
        #expect(key.algorithm == algorithm)
        #expect("\(key)" == "ClientKey(\(algorithm), kid: 2026-11)")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try ClientAssertion.make(key: key, clientID: "agent", audience: "https://idp.example", now: now)
        let second = try ClientAssertion.make(key: key, clientID: "agent", audience: "https://idp.example", now: now)
        let (header, payload) = try claims(of: first)
        #expect(header["alg"] as? String == algorithm)
        #expect(header["kid"] as? String == "2026-11")
        #expect(header["typ"] as? String == "JWT")
        #expect(payload["iss"] as? String == "agent")
        #expect(payload["sub"] as? String == "agent")
        #expect(payload["aud"] as? String == "https://idp.example")
        #expect(payload["iat"] as? Int == 1_800_000_000)
        #expect(payload["exp"] as? Int == 1_800_000_060)
        #expect(try claims(of: second).payload["jti"] as? String != payload["jti"] as? String)
    }

    /// A key others can read is not the client's alone: refused, as `ssh` refuses such keys.
    @Test func aKeyFileOthersCanReadIsRefused() throws {
        let directory = try makeTestDirectory("client-key")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try ClientKeyFiles.make("ec", in: directory, keyID: "k")
        let file = directory.appendingPathComponent("ec-key.pem")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(
            throws: OAuthError.invalidConfiguration(
                "expected the client key file \(file.path) to be readable by its owner only (chmod 600), found mode 644, which others can read"
            )
        ) {
            _ = try ClientKey(contentsOf: file)
        }
    }

    @Test func textThatIsNoKeyIsRefusedWithoutEchoingIt() {
        let error = #expect(throws: OAuthError.self) {
            _ = try ClientKey(pem: "-----BEGIN PRIVATE KEY-----\nc2VjcmV0\n-----END PRIVATE KEY-----")
        }
        #expect(
            error?.message
                == "expected a PEM private key (P-256, or RSA of at least 2048 bits), found text that is neither (a key file may also hold a private JWK)"
        )
    }

    /// Security takes PKCS #1 alone: the PKCS #8 wrapper comes off exactly (the PKCS #1 the
    /// venv's `cryptography` writes for the same key).
    @Test func pkcs8UnwrapsToThePKCS1Key() throws {
        let python = try DjangoProvider.instance().python
        let script = """
            import sys
            from cryptography.hazmat.primitives import serialization
            from cryptography.hazmat.primitives.asymmetric import rsa
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            none = serialization.NoEncryption()
            sys.stdout.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, none).decode())
            sys.stdout.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, none).decode())
            """
        let run = try ProcessRunner.run(URL(fileURLWithPath: python), ["-c", script])
        let pkcs8 = try #require(PEMDocument.der(in: run.stdout, labels: ["PRIVATE KEY"]))
        let pkcs1 = try #require(PEMDocument.der(in: run.stdout, labels: ["RSA PRIVATE KEY"]))
        #expect(PEMDocument.pkcs1(inPKCS8: pkcs8.bytes) == pkcs1.bytes)
        #expect(PEMDocument.pkcs1(inPKCS8: Array(pkcs8.bytes.dropLast())) == nil)
        #expect(PEMDocument.pkcs1(inPKCS8: pkcs1.bytes) == nil)
    }
}
