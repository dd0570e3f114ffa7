import Foundation
@testable import OAuthRuntime
import TestSupport

extension ClientKeyFiles {
    /// A new key of `kind` in `directory`, loaded as the runtime loads one, and its public JWKS.
    public static func make(_ kind: String, in directory: URL, keyID: String) throws -> (ClientKey, [String: Any]) {
        let (file, jwks) = try makeFiles(kind, in: directory, keyID: keyID)
        return (try ClientKey(contentsOf: file, keyID: keyID), jwks)
    }
}
