import Foundation

/// Finds provider files among the paths the user named and groups them per provider.
package enum InputScanner {
    /// The provider inputs found, sorted by name, and findings about the paths themselves.
    ///
    /// Directories are searched recursively (hidden folders and `.build*` skipped); a file named
    /// explicitly must be one of the provider file kinds (``InputFileKind``), and is read without the files
    /// beside it: the build plugin names exactly the files the build tracks. A provider's other
    /// file lying unnamed beside a named one earns a warning, since its absence changes the result.
    package static func scan(_ paths: [String]) -> (providers: [ProviderInput], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var files: [String] = []
        var named: [String] = []
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(
                    Diagnostic(
                        .error, .inputUnreadable, "expected a file or directory, found nothing at '\(path)'", at: nil))
                continue
            }
            if isDirectory.boolValue {
                let found = providerFiles(under: path)
                if found.isEmpty {
                    diagnostics.append(
                        Diagnostic(
                            .warning, .inputUnrecognized,
                            "expected *.openid-configuration.json, *.oauth-authorization-server.json or *.quirks.plist files in '\(path)', found none",
                            at: nil))
                }
                files += found
            } else if InputFileKind.classify(fileName: (path as NSString).lastPathComponent) != nil {
                files.append(path)
                named.append(path)
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, .inputUnrecognized,
                        "expected a file named \(InputFileKind.expectedNames), found '\((path as NSString).lastPathComponent)'",
                        at: SourceLocation(file: path, line: 1, column: 1)))
            }
        }

        var byName: [String: ProviderInput] = [:]
        var seen: Set<String> = []
        for file in files {
            let standardized = (file as NSString).standardizingPath
            guard seen.insert(standardized).inserted else { continue }
            guard let (kind, name) = InputFileKind.classify(fileName: (file as NSString).lastPathComponent) else {
                continue
            }
            let location = SourceLocation(file: file, line: 1, column: 1)
            guard isValidProviderName(name) else {
                diagnostics.append(
                    Diagnostic(
                        .error, .inputProviderName,
                        "expected the provider name in the file name to be lowercase letters, digits, '-' or '_', starting with a letter, found '\(name)'",
                        at: location))
                continue
            }
            var input = byName[name] ?? ProviderInput(name: name)
            let slot = kind.slot
            if let existing = input[keyPath: slot.path] {
                diagnostics.append(
                    Diagnostic(
                        .error, .inputDuplicate,
                        "expected one \(slot.what) for provider '\(name)', found another besides '\(existing)'",
                        at: location))
                continue
            }
            input[keyPath: slot.path] = file
            switch kind {
            case .openIDConfiguration: input.discoveryKind = .openIDConnect
            case .authorizationServerMetadata: input.discoveryKind = .oauthAuthorizationServer
            case .quirks, .protectedResource, .clientMetadata: break
            }
            byName[name] = input
        }
        var pointedOut: Set<String> = []
        for file in named where pointedOut.insert((file as NSString).standardizingPath).inserted {
            guard let (kind, name) = InputFileKind.classify(fileName: (file as NSString).lastPathComponent),
                let input = byName[name]
            else { continue }
            let missing: [InputFileKind] =
                kind == .quirks
                ? (input.discoveryPath == nil ? [.openIDConfiguration, .authorizationServerMetadata] : [])
                : (input.quirksPath == nil ? [.quirks] : [])
            let directory = (file as NSString).deletingLastPathComponent
            for companion in missing {
                let path = (directory as NSString).appendingPathComponent(name + companion.rawValue)
                guard fileManager.fileExists(atPath: path) else { continue }
                diagnostics.append(
                    Diagnostic(
                        .warning, .inputCompanionNotNamed,
                        "expected every file of provider '\(name)' among the inputs, found '\(name + companion.rawValue)' beside this file but not named, so it is not read; name it too, or name the directory",
                        at: SourceLocation(file: file, line: 1, column: 1)))
            }
        }
        return (byName.values.sorted { $0.name < $1.name }, diagnostics)
    }

    /// `[a-z][a-z0-9_-]*`: the name becomes a Swift type name and an output file name.
    package static func isValidProviderName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    private static func providerFiles(under directory: String) -> [String] {
        let fileManager = FileManager.default
        guard let enumerator = fileManager.enumerator(atPath: directory) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let component = (relative as NSString).lastPathComponent
            if component.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if InputFileKind.classify(fileName: component) != nil {
                result.append((directory as NSString).appendingPathComponent(relative))
            }
        }
        return result.sorted()
    }
}
