/// An argument as Swift source, `label: value`, spelled as the generated clients' template spells
/// it: for code a test makes outside the templates (the run-time server catalog).
extension ConfigurationArgument {
    package var swiftSource: String {
        "\(label): \(value.swiftSource)"
    }
}

extension ConfigurationArgument.Value {
    /// The value as a Swift expression.
    package var swiftSource: String {
        switch self {
        case .string(let text): SwiftNaming.stringLiteral(text)
        case .enumCase(let name): ".\(name)"
        case .true: "true"
        case .strings(let values): "[\(values.map(SwiftNaming.stringLiteral).joined(separator: ", "))]"
        case .parameters(let pairs):
            "["
                + pairs.map {
                    "QuirkParameter(name: \(SwiftNaming.stringLiteral($0.name)), value: \(SwiftNaming.stringLiteral($0.value)))"
                }.joined(separator: ", ") + "]"
        case .tokenResponseQuirks(let arguments):
            "TokenResponseQuirks(\(arguments.map(\.swiftSource).joined(separator: ", ")))"
        }
    }
}
