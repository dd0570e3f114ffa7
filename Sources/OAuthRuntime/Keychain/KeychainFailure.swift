import Foundation

/// A `SecItem` call that failed for good: an `NSError` in `NSOSStatusErrorDomain` once bridged,
/// so `(error as NSError).code == errSecMissingEntitlement` works as with Security's own errors.
struct KeychainFailure: Error, CustomNSError, CustomStringConvertible {
    /// The call: "reading the sign-in", "saving the sign-in"…
    let operation: String
    let status: Int32
    /// The access group the store was set up with, for the entitlement hint.
    let accessGroup: String?

    static var errorDomain: String { "NSOSStatusErrorDomain" }
    var errorCode: Int { Int(status) }
    var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }

    var description: String {
        switch status {
        case KeychainStatus.missingEntitlement:
            "\(operation) in the Keychain failed with OSStatus -34018 (errSecMissingEntitlement): expected the app to be signed with "
                + (accessGroup.map { "keychain-access-groups containing \"\($0)\"" }
                    ?? "an application identifier (or, on macOS, to use the login keychain)")
                + ", found it is not"
        default:
            "\(operation) in the Keychain failed with OSStatus \(status)"
        }
    }
}
