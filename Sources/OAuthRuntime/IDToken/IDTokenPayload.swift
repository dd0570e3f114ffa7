import Foundation

/// The claims every ID token check reads; the rest stay in the payload for typed decoding.
struct IDTokenPayload: Decodable {
    var iss: String?
    var sub: String?
    var aud: Audience?
    var exp: Double?
    var iat: Double?
    var auth_time: Double?
    var nonce: String?
    var azp: String?
}
