import Foundation
@testable import OAuthRuntime
import Testing
import TestSupport

/// Issue 45, item 9: client keys handed out as a private JWK; issue 53: an assertion names a
/// `kid` only when it is known (given, or the JWK's own), never the key's thumbprint. The keys
/// and their thumbprints are made by the venv's `joserfc`, an implementation other than ours.
@Suite(.enabled("needs the venv's Python to make keys") { await EnterprisePeers.isAvailableOffPool() })
struct ClientKeyJWKTests {
    /// Writes a new key of `kind` as PEM and as a private JWK (both 0600) and prints its thumbprint.
    static let script = """
        import json, sys
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec, rsa
        from joserfc.jwk import import_key
        key = ec.generate_private_key(ec.SECP256R1()) if sys.argv[1] == "ec" else rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        open(sys.argv[2] + ".pem", "wb").write(pem)
        jwk = import_key(pem.decode())
        private = jwk.as_dict(private=True)
        private["kid"] = "handed-out"
        open(sys.argv[2] + ".jwk", "w").write(json.dumps(private))
        open(sys.argv[2] + ".public.jwk", "w").write(json.dumps(jwk.as_dict(private=False)))
        print(jwk.thumbprint())
        """

    func keys(_ kind: String, in directory: URL) throws -> (pem: URL, jwk: URL, publicJWK: URL, thumbprint: String) {
        let base = directory.appendingPathComponent(kind)
        let run = try ProcessRunner.run(
            URL(fileURLWithPath: try DjangoProvider.instance().python), ["-c", Self.script, kind, base.path])
        try #require(run.status == 0, "\(run.stderr)")
        let files = ["pem", "jwk", "public.jwk"].map { base.appendingPathExtension($0) }
        for file in files { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path) }
        return (files[0], files[1], files[2], run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: ["ec", "rsa"])
    func aPrivateJWKIsTheSameKeyAsItsPEMAndOnlyAKnownKidIsNamed(kind: String) throws {
        let directory = try makeTestDirectory("client-key-jwk")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try keys(kind, in: directory)
        let pem = try ClientKey(contentsOf: files.pem)
        #expect(pem.thumbprint == files.thumbprint)
        #expect(pem.keyID == nil)
        #expect(try assertionHeader(pem).keys.sorted() == ["alg", "typ"])
        #expect(pem.description == "ClientKey(\(pem.algorithm), no kid, thumbprint: \(files.thumbprint))")
        let jwk = try ClientKey(contentsOf: files.jwk)
        #expect(jwk.keyID == "handed-out")
        #expect(try ClientKey(contentsOf: files.jwk, keyID: nil) == jwk)
        #expect(try ClientKey(contentsOf: files.pem, keyID: "handed-out") == jwk)
        #expect(try assertionHeader(jwk)["kid"] as? String == "handed-out")
    }

    /// The JOSE header of an assertion `key` signs.
    func assertionHeader(_ key: ClientKey) throws -> [String: Any] {
        let assertion = try ClientAssertion.make(
            key: key, clientID: "agent", audience: "https://as.example", now: Date())
        let header = try #require(Base64URL.decode(assertion.prefix { $0 != "." }))
        return try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
    }

    @Test func aPublicKeyOrAnotherKeysMembersAreRefused() throws {
        let directory = try makeTestDirectory("client-key-jwk")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, _, rsaPublic, _) = try keys("rsa", in: directory)
        #expect(
            throws: OAuthError.invalidConfiguration(
                "expected a private RSA JWK with n, e, d, p, q, dp, dq and qi (RFC 7518 §6.3.2), found it without d, p, q, dp, dq, qi in \(rsaPublic.path)"
            )
        ) {
            _ = try ClientKey(contentsOf: rsaPublic)
        }
        let (_, ecPrivate, _, _) = try keys("ec", in: directory)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: ecPrivate)) as? [String: Any])
        object["x"] = Base64URL.encode([UInt8](repeating: 7, count: 32))
        let mixed = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        #expect(
            throws: OAuthError.invalidConfiguration(
                "expected the JWK's \"x\" and \"y\" to be the public half of its \"d\", found another key's")
        ) {
            _ = try ClientKey(jwk: mixed)
        }
        #expect(
            throws: OAuthError.invalidConfiguration(
                "expected a private JWK of kty EC (P-256) or RSA, found kty OKP, crv Ed25519")
        ) {
            _ = try ClientKey(jwk: #"{"kty": "OKP", "crv": "Ed25519", "x": "AA", "d": "AA"}"#)
        }
    }
}
