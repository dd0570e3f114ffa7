import Foundation

/// `Documentation/oauthgen.docc/CommandLine.md` as tests read it: a tool's synopsis and the
/// `--json` fields it documents, so that the page and the tools cannot drift apart (issue 45,
/// item 11: the `--resource` synopsis lacked half its options, `--json` half its fields).
public enum CommandLineDocument {
    /// The modes whose `--json` fields the page lists.
    public enum JSONMode: String, Sendable {
        case signIn = "Signing in at a provider"
        case resource = "A protected resource"
        case list = "Listing a store"
        case forget = "Forgetting a resource"
    }

    static var text: String {
        (try? String(
            contentsOf: ProcessRunner.packageRoot.appendingPathComponent("Documentation/oauthgen.docc/CommandLine.md"),
            encoding: .utf8)) ?? ""
    }

    /// Every `--option` in the first code block under `## tool`.
    public static func synopsisOptions(of tool: String) -> Set<String> {
        let section = text.components(separatedBy: "\n## \(tool)\n").dropFirst().first ?? ""
        let block = section.components(separatedBy: "```").dropFirst().first ?? ""
        return Set(block.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
    }

    /// The fields listed (`- `name`: …`) after the paragraph that opens with `mode`'s words.
    public static func jsonFields(_ mode: JSONMode) -> Set<String> {
        let after = text.components(separatedBy: "\n\(mode.rawValue)").dropFirst().first ?? ""
        let list = after.components(separatedBy: "\n\n").dropFirst().first ?? ""
        return Set(
            list.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^- `([a-z_]+)`:/).map { String($0.output.1) }
            })
    }

    /// Every long option `--help` lists for a tool (its own `--help` and `--version` left out).
    public static func helpOptions(_ help: String) -> Set<String> {
        Set(
            help.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^\s+(?:-[a-zA-Z], )?(--[a-z][a-z-]*)/).map { String($0.output.1) }
            }
        )
        .subtracting(["--help", "--version"])
    }
}
