import Foundation

/// Unpadded base64url (RFC 4648 §5), as PKCE and JOSE use it.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 2 < input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output += [
                symbols[Int(chunk >> 18)], symbols[Int(chunk >> 12 & 63)], symbols[Int(chunk >> 6 & 63)],
                symbols[Int(chunk & 63)],
            ]
            index += 3
        }
        switch input.count - index {
        case 2:
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output += [symbols[Int(chunk >> 18)], symbols[Int(chunk >> 12 & 63)], symbols[Int(chunk >> 6 & 63)]]
        case 1:
            let chunk = UInt32(input[index]) << 16
            output += [symbols[Int(chunk >> 18)], symbols[Int(chunk >> 12 & 63)]]
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func decode(_ text: some StringProtocol) -> Data? {
        decodeBytes(text.utf8).map { Data($0) }
    }

    /// Decodes without intermediate strings: ID tokens are decoded on every validation.
    /// Refuses padding, whitespace and anything outside the base64url alphabet.
    static func decodeBytes(_ input: some Collection<UInt8>) -> [UInt8]? {
        guard input.count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in input {
            let value = alphabet[Int(byte)]
            guard value != 0xFF else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // Leftover bits must be zero (RFC 4648 §3.5: canonical encoding).
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }

    private static let alphabet: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in symbols.enumerated() {
            table[Int(character)] = UInt8(index)
        }
        return table
    }()
}
