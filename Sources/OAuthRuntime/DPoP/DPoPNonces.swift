import Foundation

/// The latest `DPoP-Nonce` each server sent (RFC 9449 §8–9), by origin: a nonce from the token
/// endpoint is not offered to another server.
package actor DPoPNonces {
    private var nonces: [String: String] = [:]

    static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    func nonce(for url: URL) -> String? { nonces[Self.origin(of: url)] }

    func remember(_ nonce: String, for url: URL) { nonces[Self.origin(of: url)] = nonce }
}
