import Foundation

/// A JWS in compact serialization (RFC 7515 §7.1), parsed but not yet verified: strict
/// base64url in all three parts, a JSON object header with an `alg`, and no `crit` extension
/// (none is understood, so any must be refused, RFC 7515 §4.1.11).
package struct CompactJWS: Sendable {
    /// The header members the runtime reads.
    struct Header: Decodable, Sendable {
        var alg: String?
        var kid: String?
        var typ: String?
        var crit: [String]?
    }

    let header: Header
    /// The header's `alg`.
    package let algorithm: String
    /// `BASE64URL(header) || '.' || BASE64URL(payload)`, which the signature covers.
    let signingInput: [UInt8]
    package let payload: [UInt8]
    let signature: [UInt8]

    /// What is wrong with a token's form, never the token itself.
    package struct Malformed: Error, Sendable, Equatable {
        package let reason: String
    }

    private static let decoder = JSONDecoder()

    /// Parses `token`.
    package init(_ token: String) throws(Malformed) {
        let bytes = Array(token.utf8)
        let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
        guard dots.count == 2 else {
            throw Malformed(
                reason: dots.count == 4
                    ? "it is encrypted (JWE), which this client does not accept"
                    : "expected three base64url parts, found \(dots.count + 1)")
        }
        guard let headerBytes = Base64URL.decodeBytes(bytes[..<dots[0]]),
            let header = try? Self.decoder.decode(Header.self, from: Data(headerBytes)),
            let payload = Base64URL.decodeBytes(bytes[(dots[0] + 1)..<dots[1]]),
            let signature = Base64URL.decodeBytes(bytes[(dots[1] + 1)...])
        else { throw Malformed(reason: "the header, payload or signature is not base64url") }
        guard let algorithm = header.alg else { throw Malformed(reason: "the header has no \"alg\"") }
        if let critical = header.crit, !critical.isEmpty {
            throw Malformed(reason: "the header has critical extensions this client does not understand")
        }
        self.header = header
        self.algorithm = algorithm
        self.signingInput = Array(bytes[..<dots[1]])
        self.payload = payload
        self.signature = signature
    }
}

extension CompactJWS {
    /// What a JWS the runtime makes signs (RFC 7515 §7.1): the header and the claims as JSON
    /// (members sorted, slashes unescaped), each base64url-encoded, joined by a dot. A DPoP
    /// proof and a client assertion are made so.
    static func signingInput(header: some Encodable, claims: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
    }
}
