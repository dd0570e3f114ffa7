import Foundation

/// Builders for the Swift expressions in generated configuration code.
enum SwiftLiterals {
    /// Width past which an array literal is laid out one element per line.
    static let lineWidth = 100

    /// `["a", "b"]`, or one element per line under `indent` when long.
    static func array(_ elements: [String], indent: String) -> String {
        guard !elements.isEmpty else { return "[]" }
        let inline = "[" + elements.joined(separator: ", ") + "]"
        if inline.count + indent.count <= lineWidth { return inline }
        return "[\n" + elements.map { "\(indent)    \($0),\n" }.joined() + "\(indent)]"
    }

    static func strings(_ values: [String], indent: String) -> String {
        array(values.map(SwiftNaming.stringLiteral), indent: indent)
    }

    /// `URL(string: "…")!` — the builder has already checked that Foundation parses it.
    static func url(_ text: String) -> String {
        "URL(string: \(SwiftNaming.stringLiteral(text)))!"
    }

    /// A call `Type(label: value, …)` with each argument on its own line under `indent`.
    static func call(_ type: String, _ arguments: [ProviderModel.Argument], indent: String) -> String {
        guard !arguments.isEmpty else { return "\(type)()" }
        return "\(type)(\n" + arguments.map { "\(indent)    \($0.label): \($0.expression)" }.joined(separator: ",\n") + "\n\(indent))"
    }
}
