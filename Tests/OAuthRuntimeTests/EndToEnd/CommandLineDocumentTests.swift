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

    /// Issue 54, item 5: each example in `--help` survives a copy into a shell. Before, two were
    /// joined into one line by a Swift line continuation and others were wrapped at 80 columns
    /// with no backslash, so a pasted example ran with half its options.
    @Test func theHelpsExamplesSurviveACopy() throws {
        let help = try ProcessRunner.run(
            ProcessRunner.productsDirectory.appendingPathComponent("oauthgen-login"), ["--help"], timeout: 60)
        let options = CommandLineDocument.helpOptions(help.stdout)
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Examples") })
        let example = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(example.allSatisfy { $0.count <= 80 }, "\(example.filter { $0.count > 80 })")
        var commands: [String] = []
        var continued = false
        for line in example {
            let text = line.hasSuffix(" \\") ? String(line.dropLast(2)) : line
            if continued { commands[commands.count - 1] += " " + text } else { commands.append(text) }
            continued = line.hasSuffix(" \\")
        }
        #expect(commands.count >= 9, "\(commands)")
        for command in commands {
            let words = Self.shellWords(command)
            #expect(words.first == "oauthgen-login", "\(command)")
            for word in words where word.hasPrefix("-") {
                #expect(options.contains(word), "\(word) in \(command) is no option of oauthgen-login")
            }
        }
    }

    /// `command` split as a POSIX shell splits it (single and double quotes; no expansion).
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(finished) }
        return words
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
