import Foundation

/// What a resource's step-ups have spent and answered, kept with its sign-in in the store so every
/// session and process on the store shares one budget (issue 45: five `oauthgen-login` runs on one
/// store opened the browser six times while the budget lived in each process).
package struct StepUpLedger: Sendable, Hashable, Codable {
    /// An RFC 9470 challenge: what the resource asked the authentication to meet.
    package struct Challenge: Sendable, Hashable, Codable {
        package var acrValues: [String]
        package var maxAge: Int?

        package init(acrValues: [String], maxAge: Int?) {
            self.acrValues = acrValues
            self.maxAge = maxAge
        }
    }

    /// When step-ups were made (each one opened the user agent), oldest first; only those in the
    /// window are kept.
    var times: [Date] = []
    /// The challenge the current sign-in was made to answer: it is the sign-in a step-up for
    /// that challenge produced (refreshes keep it; any other sign-in clears it).
    package var answered: Challenge?

    /// Counts a step-up at `now`, or says why not: `maximum` were made in the last `window`.
    package mutating func spend(now: Date, maximum: Int, window: TimeInterval) -> Bool {
        times.removeAll { now.timeIntervalSince($0) >= window }
        guard times.count < maximum else { return false }
        times.append(now)
        return true
    }

    /// This ledger as a new sign-in replacing the one it was kept with inherits it: the budget
    /// stays, the answered challenge goes with the sign-in that answered it.
    var carriedToNewSignIn: StepUpLedger? {
        times.isEmpty ? nil : StepUpLedger(times: times)
    }
}
