import Foundation
import Testing
import TestSupport

/// `CommandLine.md` against the tools themselves: every option `--help` lists is in the synopsis
/// and the other way round. (The `--json` fields are checked in the runs that print them:
/// `OAuthGenLoginTests`, `OAuthGenLoginResourceTests`, `EnterpriseAgentsTests`.)
@Suite struct CommandLineDocumentTests {
    @Test func theLoginSynopsisHasEveryOptionOfTheHelp() throws {
        let help = try ProcessRunner.run(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"), ["--help"], timeout: 60)
        let listed = CommandLineDocument.helpOptions(help.stdout)
        let documented = CommandLineDocument.synopsisOptions(of: "oauthgen-login")
        #expect(listed.count > 30, "\(help.stdout)")
        #expect(listed.subtracting(documented).sorted() == [], "in --help, not in CommandLine.md's synopsis")
        #expect(documented.subtracting(listed).sorted() == [], "in CommandLine.md's synopsis, not in --help")
    }

    /// The page lists each mode's fields at all (so the checks in the runs compare against
    /// something).
    @Test func thePageListsTheJSONFieldsOfBothModes() {
        #expect(CommandLineDocument.jsonFields(.signIn).isSuperset(of: ["issuer", "grant", "refreshed", "signed_out"]))
        #expect(
            CommandLineDocument.jsonFields(.resource).isSuperset(of: [
                "resource", "resource_status", "refreshed", "hops",
            ]))
    }
}
