import Foundation
import TestSupport

/// The Swift code blocks of the project's documentation, and the compiled regions they must equal.
///
/// A documentation block is every ```` ```swift ```` fence in the README, the DocC articles and the
/// `///` comments of the sources (and of the golden Google client, as the template writes it). A
/// region is the text between `// snippet: <where>` and `// end snippet` in a compiled Swift file:
/// this target's `Snippets/` (compiled by `swift test`, the Apple-only ones by
/// `Scripts/typecheck-apple.sh`) and the example packages' sources (built by `PluginBuildTests`).
enum DocumentationSnippets {
    /// A fenced Swift block, where it is written, and its text without the common indentation.
    struct Block: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String

        /// Lines at the top of a block that a Swift file must have at its top instead (`import X`).
        var imports: [String] { text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("import ") } }

        /// The block without its imports, as a region inside a function holds it.
        var body: String { normalized(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.hasPrefix("import ") }) }

        /// A `Package.swift` fragment: its arguments to `Package(…)`.
        var isManifestFragment: Bool {
            text.split(separator: "\n").contains { $0.hasPrefix("dependencies:") || $0.hasPrefix("targets:") }
        }

        /// A block that says it is an outline (declarations without bodies), not code to compile.
        var isOutline: Bool { text.hasPrefix("// An outline") }

        var description: String { "\(file):\(line)" }
    }

    /// A compiled region and the file holding it.
    struct Region {
        var file: String
        var line: Int
        var text: String
        var fileLines: Set<String>
    }

    static let root = ProcessRunner.packageRoot

    /// Every fenced Swift block of the documentation.
    static func blocks() throws -> [Block] {
        var blocks: [Block] = []
        for path in try documentationFiles() {
            let lines = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if path.hasSuffix(".md") {
                blocks += fencedBlocks(in: lines.enumerated().map { ($0.offset + 1, $0.element) }, file: path)
            } else {
                // Doc comments: each run of `///` lines is a small Markdown document.
                var run: [(Int, String)] = []
                for (index, line) in lines.enumerated() {
                    let trimmed = line.drop { $0 == " " }
                    if trimmed.hasPrefix("///") {
                        var content = trimmed.dropFirst(3)
                        if content.hasPrefix(" ") { content = content.dropFirst() }
                        run.append((index + 1, String(content)))
                    } else if !run.isEmpty {
                        blocks += fencedBlocks(in: run, file: path)
                        run = []
                    }
                }
            }
        }
        return blocks
    }

    /// Every compiled region.
    static func regions() throws -> [Region] {
        var regions: [Region] = []
        for path in try files(under: ["Tests/GeneratedClientsTests/Snippets", "Examples"], suffix: ".swift") {
            let lines = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let fileLines = Set(lines.map { $0.trimmingCharacters(in: .whitespaces) })
            // Regions may nest (one block the start of another); marker lines are in no region's text.
            var starts: [Int] = []
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// snippet:") {
                    starts.append(index)
                } else if trimmed == "// end snippet", let first = starts.popLast() {
                    let text = lines[(first + 1)..<index].filter { !isMarker($0) }
                    regions.append(Region(file: path, line: first + 1, text: normalized(Array(text)), fileLines: fileLines))
                }
            }
        }
        return regions
    }

    private static func isMarker(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("// snippet:") || trimmed == "// end snippet"
    }

    /// The text with trailing spaces, leading and trailing blank lines and the common indentation removed.
    static func normalized(_ lines: [String]) -> String {
        var lines = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    private static func fencedBlocks(in lines: [(number: Int, text: String)], file: String) -> [Block] {
        var blocks: [Block] = []
        var open: (line: Int, lines: [String])?
        for (number, text) in lines {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if trimmed == "```" {
                    blocks.append(Block(file: file, line: current.line, text: normalized(current.lines)))
                    open = nil
                } else {
                    current.lines.append(text)
                    open = current
                }
            } else if trimmed == "```swift" {
                open = (number, [])
            }
        }
        return blocks
    }

    private static func documentationFiles() throws -> [String] {
        try ["README.md", "Tests/GeneratedClientsTests/Golden/google.oauthgen.swift"]
            + files(under: ["Sources", "Documentation"], suffix: ".md")
            + files(under: ["Sources"], suffix: ".swift")
    }

    /// Paths relative to the package root, sorted, of the files under `folders` ending in `suffix`.
    static func files(under folders: [String], suffix: String) throws -> [String] {
        var paths: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let relative = enumerator.nextObject() as? String {
                // A build folder holds other packages' sources: not ours to compare.
                if (relative as NSString).lastPathComponent.hasPrefix(".build") {
                    enumerator.skipDescendants()
                    continue
                }
                if relative.hasSuffix(suffix) { paths.append(folder + "/" + relative) }
            }
        }
        return paths.sorted()
    }
}
