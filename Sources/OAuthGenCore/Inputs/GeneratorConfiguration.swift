/// `oauthgen.json`: settings for one target's generation.
///
/// ```json
/// { "accessLevel": "internal", "platforms": ["iOS", "macOS", "Windows"], "providers": ["google", "github"],
///   "infoPlist": "../../App/Info.plist", "entitlements": "../../App/App.entitlements",
///   "keychainAccessGroups": ["$(AppIdentifierPrefix)com.example.shared"],
///   "appGroups": ["group.com.example.shared"] }
/// ```
///
/// `infoPlist` and `entitlements` are paths relative to the `oauthgen.json` itself: the app's own
/// files, checked against the providers' redirect URIs (``AppFileRules``).
public struct GeneratorConfiguration: Sendable, Hashable {
    /// The platforms the app ships on: platform-specific advice applies only to these.
    package enum Platform: String, Sendable, Hashable, CaseIterable {
        case iOS, macOS, tvOS, watchOS, visionOS
        case linux = "Linux"
        case windows = "Windows"
        case android = "Android"
    }

    package var accessLevel: Located<AccessLevel>?
    package var platforms: [Located<Platform>] = []
    /// Only these providers are generated; all when absent.
    package var providers: [Located<String>]?
    /// The app's `Info.plist`, as written (relative to ``baseDirectory``).
    package var infoPlist: Located<String>?
    /// The app's `.entitlements`, as written (relative to ``baseDirectory``).
    package var entitlements: Located<String>?
    /// The Keychain access groups the app gives `KeychainTokenStore` (`$(AppIdentifierPrefix)…`).
    package var keychainAccessGroups: [Located<String>] = []
    /// The app groups whose container holds a shared store's coordination file
    /// (`containerURL(forSecurityApplicationGroupIdentifier:)`), checked against the
    /// entitlements' `com.apple.security.application-groups`: an app not entitled to the group
    /// gets `nil` there, and the app and its extensions silently stop coordinating refreshes.
    package var appGroups: [Located<String>] = []
    /// The folder of the `oauthgen.json` the settings came from: where relative paths start.
    package var baseDirectory: String?

    /// The defaults: every provider found, internal declarations, no app files checked.
    public init() {}

    /// `path` as a path to open and to show in findings: itself if absolute, else relative to
    /// ``baseDirectory``, with `.` and `dir/..` taken out (`Sources/App/../../App/Info.plist`
    /// reads as `App/Info.plist`).
    package func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let baseDirectory, !baseDirectory.isEmpty else { return path }
        let joined = baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (joined.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    package var platformSet: Set<Platform> { Set(platforms.map(\.value)) }

    static let keys = [
        "accessLevel", "platforms", "providers", "infoPlist", "entitlements", "keychainAccessGroups", "appGroups",
    ]

    /// The file name the plugin and `generate` look for.
    package static let fileName = "oauthgen.json"

    /// Reads `path` (size-limited like every input).
    package static func load(path: String) -> (GeneratorConfiguration?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        guard let bytes = ProviderLoader.readFile(path, diagnostics: &diagnostics) else { return (nil, diagnostics) }
        var (configuration, found) = load(bytes, file: path)
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        configuration?.baseDirectory = path.hasPrefix("/") && folder.isEmpty ? "/" : folder
        return (configuration, found)
    }

    /// Reads and checks the file; unknown keys and wrong values are errors at their place.
    package static func load(_ bytes: [UInt8], file: String) -> (GeneratorConfiguration?, [Diagnostic]) {
        let read = JSONReader.read(bytes, file: file)
        guard let root = read.value else { return (nil, read.diagnostics) }
        var diagnostics = read.diagnostics
        guard let members = root.members else {
            diagnostics.append(
                Diagnostic(
                    .error, .configInvalid, "expected \(fileName) to be a JSON object, found \(root.typeDescription)",
                    at: root.location))
            return (nil, diagnostics)
        }
        var configuration = GeneratorConfiguration()
        func fail(_ message: String, at location: SourceLocation, rule: RuleID = .configInvalid) {
            diagnostics.append(Diagnostic(.error, rule, message, at: location))
        }
        func strings(_ member: JSONMember) -> [Located<String>] {
            guard let elements = member.value.arrayValue else {
                fail(
                    "expected \"\(member.name)\" to be an array of strings, found \(member.value.typeDescription)",
                    at: member.value.location)
                return []
            }
            return elements.compactMap { element in
                guard let text = element.stringValue else {
                    fail(
                        "expected every element of \"\(member.name)\" to be a string, found \(element.typeDescription)",
                        at: element.location)
                    return nil
                }
                return Located(text, at: element.location)
            }
        }
        for member in members {
            switch member.name {
            case "accessLevel":
                guard let text = member.value.stringValue, let level = AccessLevel(rawValue: text) else {
                    fail(
                        "expected \"accessLevel\" to be \"public\" or \"internal\", found \(member.value.stringValue.map { "\"\($0)\"" } ?? member.value.typeDescription)",
                        at: member.value.location)
                    continue
                }
                configuration.accessLevel = Located(level, at: member.value.location)
            case "platforms":
                for name in strings(member) {
                    guard
                        let platform = Platform.allCases.first(where: {
                            $0.rawValue.lowercased() == name.value.lowercased()
                        })
                    else {
                        var message =
                            "expected a platform among \(Platform.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(name.value)\""
                        if let suggestion = Suggestion.closest(to: name.value, among: Platform.allCases.map(\.rawValue))
                        {
                            message += "; did you mean \"\(suggestion)\"?"
                        }
                        fail(message, at: name.location)
                        continue
                    }
                    configuration.platforms.append(Located(platform, at: name.location))
                }
            case "providers":
                configuration.providers = strings(member)
            case "infoPlist", "entitlements":
                guard let text = member.value.stringValue, !text.isEmpty else {
                    fail(
                        "expected \"\(member.name)\" to be a path relative to \(fileName), found \(member.value.typeDescription)",
                        at: member.value.location)
                    continue
                }
                let path = Located(text, at: member.value.location)
                if member.name == "infoPlist" {
                    configuration.infoPlist = path
                } else {
                    configuration.entitlements = path
                }
            case "keychainAccessGroups":
                configuration.keychainAccessGroups = strings(member)
            case "appGroups":
                configuration.appGroups = strings(member)
            default:
                var message =
                    "expected one of the keys \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) in \(fileName), found unknown key \"\(member.name)\""
                if let suggestion = Suggestion.closest(to: member.name, among: keys) {
                    message += "; did you mean \"\(suggestion)\"?"
                }
                fail(message, at: member.nameLocation, rule: .configUnknownKey)
            }
        }
        return (configuration, diagnostics)
    }
}
