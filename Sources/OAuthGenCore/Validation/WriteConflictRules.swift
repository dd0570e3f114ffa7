/// What `import` and `init` check before they write: one provider per name, and no file
/// replaced unless the user asked.
package enum WriteConflictRules {
    /// A legacy plist whose provider an earlier file of the same import already gave.
    package static func secondImport(
        of provider: ImportedProvider, from file: String, after imported: [ImportedProvider]
    ) -> Diagnostic? {
        guard imported.contains(where: { $0.name == provider.name }) else { return nil }
        return Diagnostic(
            .error, .inputDuplicate,
            "expected one \(provider.format.rawValue) per import, found a second one for '\(provider.name)'",
            at: SourceLocation(file: file, line: 1, column: 1))
    }

    /// A quirk file `init` would write where one already is, without `--force`.
    package static func existingFile(
        named name: String, at path: String, in directory: String, exists: Bool, force: Bool
    ) -> Diagnostic? {
        guard exists, !force else { return nil }
        return Diagnostic(
            .error, .inputDuplicate, "expected no \(name) in \(directory), found one; pass --force to replace it",
            at: SourceLocation(file: path, line: 1, column: 1))
    }
}
