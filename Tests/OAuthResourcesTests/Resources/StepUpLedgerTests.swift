import Foundation
@testable import OAuthRuntime
@testable import OAuthResources
import Testing

/// The step-up budget as the store keeps it with a sign-in (issue 45, item 3).
@Suite struct StepUpLedgerTests {
    @Test func theBudgetCountsOnlyTheWindow() {
        var ledger = StepUpLedger()
        let start = Date(timeIntervalSince1970: 1_000_000)
        for second in 0..<3 {
            let spent = ledger.spend(now: start.addingTimeInterval(Double(second)), maximum: 3, window: 600)
            #expect(spent)
        }
        let fourth = ledger.spend(now: start.addingTimeInterval(599), maximum: 3, window: 600)
        #expect(!fourth)
        let afterTheWindow = ledger.spend(now: start.addingTimeInterval(600), maximum: 3, window: 600)
        #expect(afterTheWindow)
        #expect(ledger.times.count == 3)
    }

    /// A new sign-in keeps the budget but not the challenge the old one answered; a record keeps
    /// both through JSON, and one without a ledger writes no member for it.
    @Test func aNewSignInInheritsTheBudgetAndTheStoreKeepsIt() throws {
        let ledger = StepUpLedger(
            times: [Date(timeIntervalSince1970: 5)], answered: .init(acrValues: ["mfa"], maxAge: 0))
        #expect(ledger.carriedToNewSignIn == StepUpLedger(times: ledger.times))
        #expect(StepUpLedger(answered: ledger.answered).carriedToNewSignIn == nil)

        var record = SignInRecord(tokens: TokenSet(accessToken: "at"), idToken: nil)
        #expect(!String(decoding: try JSONEncoder().encode(record), as: UTF8.self).contains("stepUps"))
        record.stepUps = ledger
        let read = try JSONDecoder().decode(SignInRecord.self, from: try JSONEncoder().encode(record))
        #expect(read.stepUps == ledger)
    }
}
