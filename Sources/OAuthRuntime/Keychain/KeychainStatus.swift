import Foundation

/// What an `OSStatus` from a `SecItem` call means for a token store. The values are Security's
/// (`SecBase.h`), written out so this decision is compiled and tested on every platform;
/// `Scripts/typecheck-apple.sh` compares each with the SDK's `errSec…` constant.
enum KeychainStatus {
    static let success: Int32 = 0
    static let userCanceled: Int32 = -128
    static let authFailed: Int32 = -25293
    static let duplicateItem: Int32 = -25299
    static let itemNotFound: Int32 = -25300
    static let interactionNotAllowed: Int32 = -25308
    static let interactionRequired: Int32 = -25315
    static let missingEntitlement: Int32 = -34018

    /// Why `status` means "not now" rather than "no" or "broken", or `nil` if it does not.
    static func unavailableReason(_ status: Int32) -> String? {
        switch status {
        case interactionNotAllowed, interactionRequired:
            "the Keychain is locked: the device has not been unlocked since it started, or the item needs the device unlocked (it is read again at the next call)"
        case userCanceled:
            "the user cancelled the authentication the Keychain item asks for"
        case authFailed:
            "the authentication the Keychain item asks for failed"
        default:
            nil
        }
    }
}
