import Foundation
import FuzzSupport
@_spi(BuildingBlocks) import OAuthRuntime
import OAuthPolicy

/// The one `WWW-Authenticate` parser (RFC 9110 §11.6.1), and the runtime's reading of a refusal
/// through it, on any field value: no crash, linear time (a 35 KB challenge once pinned a core for
/// 13 s, hence the cap and the -timeout), and what it accepts has the grammar's shape: a
/// nonempty token for each scheme, no parameter named twice in one challenge, and an error that
/// names a byte inside the field and shows no control character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let field = input.text
    do {
        let challenges = try WWWAuthenticate.parse(field)
        require(field.utf8.count <= WWWAuthenticate.maximumFieldLength, "a field over the cap was read")
        for challenge in challenges {
            require(!challenge.scheme.isEmpty, "an empty scheme in \(field.debugDescription)")
            require(
                challenge.scheme.utf8.allSatisfy(isTokenByte),
                "a scheme that is no token: \(challenge.scheme.debugDescription)")
            require(
                challenge.token68 == nil || challenge.parameters.isEmpty, "a challenge with both token68 and parameters"
            )
            let names = challenge.parameters.map { $0.name.lowercased() }
            require(Set(names).count == names.count, "a parameter named twice in \(field.debugDescription)")
            require(
                names.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isTokenByte) }, "a parameter name that is no token"
            )
        }
    } catch {
        require(
            error.offset >= 0 && error.offset <= max(field.utf8.count, WWWAuthenticate.maximumFieldLength),
            "an offset outside the field: \(error.offset)")
        require(
            !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "control character in \(error.description.debugDescription)")
    }
    // The runtime's reading of a 401 and a 403 with this field: a value, whatever the field.
    for status in [401, 403] {
        let refusal = ResourceRefusal(status: status, wwwAuthenticate: field, dpopNonce: nil)
        if case .insufficientScope(let scopes) = refusal {
            require(
                status == 403 && scopes.allSatisfy { !$0.isEmpty && !$0.contains(" ") },
                "a scope list that is no scope list: \(scopes)")
        }
    }
    return 0
}

/// `tchar` (RFC 9110 §5.6.2).
func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    default:
        return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
}
