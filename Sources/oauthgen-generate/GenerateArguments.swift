import OAuthGenCore

/// The plugins' tool's command line: `generate`, the inputs, and the options `oauthgen generate`
/// has, in any order; `--name value` or `--name=value`.
enum GenerateArguments: Equatable {
    case generate(GenerateRun.Request)
    case help
    case invalid(String)

    static func parse(_ arguments: [String]) -> GenerateArguments {
        guard let command = arguments.first else { return .invalid("expected the subcommand generate, found nothing") }
        if ["--help", "-h", "help"].contains(command) { return .help }
        guard command == "generate" else { return .invalid("expected the subcommand generate, found \(command)") }
        var inputs: [String] = []
        var options: [String: String] = [:]
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return .help }
            guard argument.hasPrefix("-"), argument != "-" else {
                inputs.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            name = name == "-o" ? "--output" : name
            guard ["--output", "--config", "--access-level", "--templates"].contains(name) else {
                return .invalid("expected an option of generate, found \(argument)")
            }
            guard let given = value ?? rest.popFirst() else {
                return .invalid("expected a value after \(name), found none")
            }
            guard options[name] == nil else { return .invalid("expected \(name) once, found it twice") }
            options[name] = given
        }
        guard !inputs.isEmpty else { return .invalid("expected at least one input, found none") }
        guard let output = options["--output"] else { return .invalid("expected --output, found none") }
        var accessLevel: AccessLevel?
        if let level = options["--access-level"] {
            guard let parsed = AccessLevel(rawValue: level) else {
                return .invalid(
                    "expected --access-level to be one of \(AccessLevel.allCases.map(\.rawValue).joined(separator: ", ")), found \(level)"
                )
            }
            accessLevel = parsed
        }
        return .generate(
            GenerateRun.Request(
                inputs: inputs, output: output, accessLevel: accessLevel,
                configurationPath: options["--config"], templatesDirectory: options["--templates"]))
    }
}
