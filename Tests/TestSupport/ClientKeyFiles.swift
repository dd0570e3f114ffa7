import Foundation

/// Client keys for `private_key_jwt` tests, made by the venv's Python (`cryptography`, which the
/// peers need anyway): a PEM file only its owner can read, and the public JWKS a server holds.
public enum ClientKeyFiles {
    /// Python that writes a new key of `kind` (`ec`: P-256, `rsa`: 2048 bits) as PKCS #8 PEM to
    /// argv[2] and prints its public JWK set, with the `kid` of argv[3].
    static let script = """
        import json, sys
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec, rsa
        from joserfc.jwk import import_key
        key = ec.generate_private_key(ec.SECP256R1()) if sys.argv[1] == "ec" else rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        open(sys.argv[2], "wb").write(pem)
        public = import_key(pem.decode()).as_dict(private=False)
        public.update(kid=sys.argv[3], use="sig", alg="ES256" if sys.argv[1] == "ec" else "RS256")
        print(json.dumps({"keys": [public]}))
        """

    /// A new key of `kind` in `directory`: its PEM file (only its owner can read it) and its
    /// public JWKS.
    public static func makeFiles(_ kind: String, in directory: URL, keyID: String) throws -> (URL, [String: Any]) {
        let python = try DjangoProvider.instance().python
        let file = directory.appendingPathComponent("\(kind)-key.pem")
        let run = try ProcessRunner.run(URL(fileURLWithPath: python), ["-c", script, kind, file.path, keyID])
        guard run.status == 0,
            let jwks = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        else {
            throw DjangoProvider.Unavailable(description: "could not make a \(kind) key: \(run.stdout)\(run.stderr)")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return (file, jwks)
    }
}
