import Foundation
import OAuthPolicy

/// `{name}` placeholders in an issuer.
enum IssuerPlaceholders {
    static func names(in issuer: String) -> [String] {
        var names: [String] = []
        var rest = issuer[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
