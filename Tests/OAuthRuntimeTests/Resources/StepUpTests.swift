import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthRuntime
import Testing

/// A step-up is bounded: the union of what was granted and what the 403 names, and nothing when
/// it names nothing new, so a resource that keeps refusing cannot make a client loop.
@Suite struct StepUpTests {
    func response(_ status: Int, _ challenge: String?) -> HTTPURLResponse {
        HTTPURLResponse(url: URL(string: "https://api.example.com/x")!, statusCode: status, httpVersion: "HTTP/1.1",
                        headerFields: challenge.map { ["WWW-Authenticate": $0] } ?? [:])!
    }

    @Test func theUnionOfGrantedAndChallengedScopes() {
        #expect(StepUp.scopes(after: response(403, #"Bearer error="insufficient_scope", scope="read write""#), granted: ["read", "profile"]) == ["read", "profile", "write"])
        #expect(StepUp.scopes(after: response(403, #"DPoP error="insufficient_scope", scope="admin""#), granted: []) == ["admin"])
    }

    @Test func nothingWhenTheRefusalAsksForNothingNew() {
        #expect(StepUp.scopes(after: response(403, #"Bearer error="insufficient_scope", scope="read""#), granted: ["read"]) == nil)
        #expect(StepUp.scopes(after: response(403, #"Bearer error="insufficient_scope""#), granted: ["read"]) == nil)
        #expect(StepUp.scopes(after: response(401, #"Bearer error="insufficient_scope", scope="write""#), granted: ["read"]) == nil)
        #expect(StepUp.scopes(after: response(403, #"Bearer error="invalid_token", scope="write""#), granted: ["read"]) == nil)
        #expect(StepUp.scopes(after: response(403, nil), granted: ["read"]) == nil)
    }
}
