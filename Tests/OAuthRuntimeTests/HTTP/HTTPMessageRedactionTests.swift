import Foundation
@_spi(BuildingBlocks) import OAuthRuntime
import Testing

/// Requests and responses carry credentials and tokens; printing or dumping one shows neither.
@Suite struct HTTPMessageRedactionTests {
    @Test func aRequestShowsItsShapeNotItsCredentials() {
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://user:pw@id.example.com/token?code=secret-code")!,
            headers: ["Authorization": "Basic c2VjcmV0", "DPoP": "eyJ.proof.sig"],
            body: Data("grant_type=authorization_code&code=secret-code&code_verifier=verifier-123".utf8))
        #expect(
            request.description
                == "HTTPRequest(POST https://id.example.com/token?…, headers: [Authorization, DPoP], body: 73 bytes)")
        var dumped = ""
        dump(request, to: &dumped)
        for secret in ["c2VjcmV0", "eyJ.proof.sig", "secret-code", "verifier-123", "pw@"] {
            #expect(!dumped.contains(secret), "\(secret)")
            #expect(!String(describing: request).contains(secret), "\(secret)")
        }
    }

    @Test func aResponseShowsItsStatusAndTypeNotItsTokens() {
        let response = HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json; charset=utf-8"],
            body: Data(#"{"access_token":"at-123","refresh_token":"rt-456"}"#.utf8))
        #expect(response.description == "HTTPResponse(200, application/json, headers: [Content-Type], body: 50 bytes)")
        var dumped = ""
        dump(response, to: &dumped)
        #expect(!dumped.contains("at-123") && !dumped.contains("rt-456"))
    }
}
