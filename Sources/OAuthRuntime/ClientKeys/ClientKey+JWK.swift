import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

extension ClientKey {
    /// A key from a private JWK (RFC 7517), the form many identity providers hand keys out in: a
    /// P-256 key (`kty` EC, with `d`, RFC 7518 §6.2.2) or an RSA key of 2048 bits or more with all
    /// of its private members (§6.3.2). Its `kid` names it unless `keyID` is given.
    ///
    /// - Throws: ``OAuthError/Kind/invalidConfiguration`` naming what is missing or wrong: a
    ///   public key alone, another curve, public members that are not this private key's.
    public init(jwk text: String, keyID: String? = nil) throws(OAuthError) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw OAuthError.invalidConfiguration("expected a private JWK, a JSON object, found text that is not one")
        }
        func octets(_ name: String) -> [UInt8]? {
            (object[name] as? String).flatMap { Base64URL.decodeBytes($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let name = keyID ?? object["kid"] as? String
        switch (object["kty"] as? String, object["crv"] as? String) {
        case ("EC", "P-256"):
            guard let d = octets("d"), let key = try? P256.Signing.PrivateKey(rawRepresentation: d) else {
                throw OAuthError.invalidConfiguration(
                    "expected a private P-256 JWK with a 32-byte \"d\", found none or another size")
            }
            let (x, y) = key.publicKey.coordinates
            guard octets("x").map({ $0 == x }) ?? true, octets("y").map({ $0 == y }) ?? true else {
                throw OAuthError.invalidConfiguration(
                    "expected the JWK's \"x\" and \"y\" to be the public half of its \"d\", found another key's")
            }
            self.init(p256: key, keyID: name)
        case ("RSA", _):
            let members = ["n", "e", "d", "p", "q", "dp", "dq", "qi"]
            let integers = members.map(octets)
            let missing = zip(members, integers).filter { $0.1 == nil }.map(\.0)
            guard missing.isEmpty else {
                throw OAuthError.invalidConfiguration(
                    "expected a private RSA JWK with n, e, d, p, q, dp, dq and qi (RFC 7518 §6.3.2), found it without \(missing.joined(separator: ", "))"
                )
            }
            try self.init(pkcs1: PEMDocument.pkcs1(integers: integers.compactMap { $0 }), keyID: name)
        case (let type, let curve):
            throw OAuthError.invalidConfiguration(
                "expected a private JWK of kty EC (P-256) or RSA, found kty \(type ?? "none")\(curve.map { ", crv \($0)" } ?? "")"
            )
        }
    }
}
