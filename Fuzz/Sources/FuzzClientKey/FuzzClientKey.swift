import Foundation
import FuzzSupport
@testable import OAuthRuntime

/// A client key file's text (PEM, PKCS #8, PKCS #1) on any bytes: no crash, no time spent on a
/// huge key (its size is read before any library parses it), never the text in an error, and
/// the DER readers only ever return parts of what they were given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let bytes = input.bytes
    // The DER walk over raw bytes, as a key file's base64 decodes to.
    if let pkcs1 = PEMDocument.pkcs1(inPKCS8: bytes) {
        require(
            pkcs1.count < bytes.count && containsSlice(bytes, pkcs1), "PKCS #1 that is not inside the PKCS #8 bytes")
    }
    if let modulus = PEMDocument.modulus(inPKCS1: bytes) {
        require(
            modulus.count < bytes.count && containsSlice(bytes, modulus), "a modulus that is not inside the key's bytes"
        )
        require(modulus.first != 0, "a modulus with a leading zero byte")
    }
    var reader = DERReader(bytes: bytes[...])
    while let element = reader.element(tag: bytes.first ?? 0) {
        require(element.bytes.count <= bytes.count, "an element longer than its input")
    }
    // The whole path, from text: a PEM block around the bytes, and the text as it is.
    let base64 = Data(bytes).base64EncodedString(options: .lineLength64Characters)
    for label in ["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"] {
        check("-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n", secret: base64)
    }
    check(input.text, secret: input.text)
    return 0
}

func check(_ pem: String, secret: String) {
    do {
        let key = try ClientKey(pem: pem)
        require(key.algorithm == "ES256" || key.algorithm == "RS256", "a key of another algorithm: \(key.algorithm)")
        require(!containsBytes("\(key)", secret) || secret.count < 16, "the key's text in its description")
    } catch {
        let text = "\(error)"
        require(secret.utf8.count < 16 || !containsBytes(text, secret), "the key file's text in an error: \(text)")
        require(
            !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "control character in \(text.debugDescription)")
    }
}
