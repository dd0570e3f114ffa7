import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import OAuthRuntime
@testable import OAuthResources
import RuntimeTestSupport
import Testing

/// A step-up is bounded: the union of what was granted and what the 403 names, and nothing when
/// it names nothing new, so a resource that keeps refusing cannot make a client loop.
@Suite struct StepUpTests {
    func response(_ status: Int, _ challenge: String?) -> HTTPURLResponse {
        HTTPURLResponse(
            url: URL(string: "https://api.example.com/x")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: challenge.map { ["WWW-Authenticate": $0] } ?? [:])!
    }

    @Test func theUnionOfGrantedAndChallengedScopes() {
        #expect(
            StepUp.scopes(
                after: response(403, #"Bearer error="insufficient_scope", scope="read write""#),
                granted: ["read", "profile"]) == ["read", "profile", "write"])
        #expect(
            StepUp.scopes(after: response(403, #"DPoP error="insufficient_scope", scope="admin""#), granted: []) == [
                "admin"
            ])
    }

    @Test func nothingWhenTheRefusalAsksForNothingNew() {
        #expect(
            StepUp.scopes(after: response(403, #"Bearer error="insufficient_scope", scope="read""#), granted: ["read"])
                == nil)
        #expect(StepUp.scopes(after: response(403, #"Bearer error="insufficient_scope""#), granted: ["read"]) == nil)
        #expect(
            StepUp.scopes(after: response(401, #"Bearer error="insufficient_scope", scope="write""#), granted: ["read"])
                == nil)
        #expect(
            StepUp.scopes(after: response(403, #"Bearer error="invalid_token", scope="write""#), granted: ["read"])
                == nil)
        #expect(StepUp.scopes(after: response(403, nil), granted: ["read"]) == nil)
    }
}

/// RFC 9470: what an `insufficient_user_authentication` challenge asks for, and whether a new
/// sign-in meets it.
@Suite struct AuthenticationStepUpTests {
    func response(_ status: Int, _ challenge: String) -> HTTPURLResponse {
        HTTPURLResponse(
            url: URL(string: "https://api.example.com/x")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["WWW-Authenticate": challenge])!
    }

    @Test func theChallengesACRValuesAndMaxAge() throws {
        let asked = try #require(
            StepUp.authentication(
                after: response(
                    401, #"Bearer error="insufficient_user_authentication", acr_values="urn:mfa urn:hw", max_age="300""#
                )))
        #expect(asked.acrValues == ["urn:mfa", "urn:hw"])
        #expect(asked.maxAge == 300)
        #expect(StepUp.authentication(after: response(401, #"Bearer error="invalid_token""#)) == nil)
        #expect(StepUp.authentication(after: response(403, #"Bearer error="insufficient_user_authentication""#)) == nil)
    }

    @Test func aNewSignInMustCarryOneOfItsClasses() {
        func problem(acr: String?, acrValues: [String] = ["urn:mfa"]) -> String? {
            StepUp.authenticationProblem(acr: acr, hasIDToken: true, acrValues: acrValues)
        }
        #expect(problem(acr: "urn:mfa") == nil)
        #expect(problem(acr: "urn:pwd") == "expected the new ID token's acr to be one of urn:mfa, found urn:pwd")
        #expect(problem(acr: nil) == "expected the new ID token's acr to be one of urn:mfa, found none")
        #expect(problem(acr: nil, acrValues: []) == nil)
        // Without an ID token nothing can be shown: the resource checks its new token.
        #expect(StepUp.authenticationProblem(acr: nil, hasIDToken: false, acrValues: ["urn:mfa"]) == nil)
    }

    /// `max_age` is checked for every sign-in that sent it (OIDC Core §3.1.2.1, §3.1.3.7), a
    /// step-up's among them: one rule, in the code exchange.
    @Test func aSignInThatSentMaxAgeMustHaveAuthenticatedSinceThen() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        func check(_ authTime: Date?) throws(OAuthError) {
            try OAuthClient<DiscoveredProvider>.check(authTime: authTime, maxAge: 60, now: now, clockSkew: 5)
        }
        #expect(throws: Never.self) { try check(now.addingTimeInterval(-30)) }
        #expect(throws: Never.self) { try check(now.addingTimeInterval(-65)) }
        #expect(
            throws: OAuthError(
                .insufficientAuthentication,
                "expected the user to have authenticated at most 60 s ago (max_age), found 120 s (the ID token's auth_time)"
            )
        ) {
            try check(now.addingTimeInterval(-120))
        }
        #expect(throws: OAuthError.invalidIDToken(.missingClaim("auth_time"))) { try check(nil) }
    }

    /// Hardening 4, item 2: a challenge the sign-in already meets asks for less than it has and
    /// is refused (ProtectedResourceSession returns its answer instead of opening anything).
    @Test func aChallengeTheSignInAlreadyMeetsAsksForLess() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let tenSecondsAgo = now.addingTimeInterval(-10)
        #expect(
            StepUp.isMet(
                acr: "mfa", authenticatedAt: tenSecondsAgo, hasIDToken: true, acrValues: ["mfa", "hwk"], maxAge: 3600,
                now: now))
        #expect(
            StepUp.isMet(
                acr: "pwd", authenticatedAt: tenSecondsAgo, hasIDToken: true, acrValues: [], maxAge: nil, now: now))
        // Fresher or stronger than the sign-in: a real step-up.
        #expect(
            !StepUp.isMet(
                acr: "mfa", authenticatedAt: tenSecondsAgo, hasIDToken: true, acrValues: [], maxAge: 0, now: now))
        #expect(
            !StepUp.isMet(
                acr: "pwd", authenticatedAt: tenSecondsAgo, hasIDToken: true, acrValues: ["mfa"], maxAge: nil, now: now)
        )
        #expect(!StepUp.isMet(acr: "mfa", authenticatedAt: nil, hasIDToken: true, acrValues: [], maxAge: 60, now: now))
        // Without an ID token the sign-in shows nothing: the resource is believed.
        #expect(!StepUp.isMet(acr: nil, authenticatedAt: nil, hasIDToken: false, acrValues: [], maxAge: nil, now: now))
    }

    /// A step-up's grant must keep every scope of the sign-in it replaces; a token response
    /// without `scope` granted what was asked (RFC 6749 §5.1).
    @Test func aGrantLackingAKeptScopeLosesIt() {
        #expect(StepUp.scopesLost(keeping: ["read"], granted: ["read", "write"], asked: ["read", "write"]) == [])
        #expect(
            StepUp.scopesLost(keeping: ["read", "profile"], granted: ["write"], asked: ["read", "profile", "write"])
                == ["read", "profile"])
        #expect(StepUp.scopesLost(keeping: ["read"], granted: nil, asked: ["read", "write"]) == [])
        #expect(StepUp.scopesLost(keeping: ["read"], granted: nil, asked: ["write"]) == ["read"])
        #expect(StepUp.scopesLost(keeping: [], granted: [], asked: []) == [])
    }
}
