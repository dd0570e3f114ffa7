/// Reads a document's members as the types its specification gives them, reporting each member
/// of another type at its value, under the document's wrong-type rule: the one reader for
/// discovery documents and protected resource metadata.
struct JSONMemberReader {
    /// The rule a member of the wrong type is reported under.
    let wrongType: RuleID
    private(set) var diagnostics: [Diagnostic] = []

    init(wrongType: RuleID) {
        self.wrongType = wrongType
    }

    mutating func string(_ member: JSONMember) -> Located<String>? {
        guard let value = member.value.stringValue else {
            refuse(member, "a string")
            return nil
        }
        return Located(value, at: member.value.location)
    }

    mutating func strings(_ member: JSONMember) -> Located<[Located<String>]>? {
        guard let elements = member.value.arrayValue else {
            refuse(member, "an array of strings")
            return nil
        }
        var result: [Located<String>] = []
        for element in elements {
            guard let value = element.stringValue else {
                diagnostics.append(
                    Diagnostic(
                        .error, wrongType,
                        "expected every element of \"\(member.name)\" to be a string, found \(element.typeDescription)",
                        at: element.location))
                continue
            }
            result.append(Located(value, at: element.location))
        }
        return Located(result, at: member.value.location)
    }

    mutating func bool(_ member: JSONMember) -> Located<Bool>? {
        guard let value = member.value.boolValue else {
            refuse(member, "true or false")
            return nil
        }
        return Located(value, at: member.value.location)
    }

    /// Whether `member` is a known one sent as `null`, which is warned about and read as absent
    /// (the specifications say members without a value are omitted; some servers send null).
    mutating func isNull(_ member: JSONMember, known: Set<String>) -> Bool {
        guard member.value.kind == .null, known.contains(member.name) else { return false }
        diagnostics.append(
            Diagnostic(
                .warning, wrongType,
                "expected \"\(member.name)\" to be omitted when it has no value, found null; treated as absent",
                at: member.value.location))
        return true
    }

    private mutating func refuse(_ member: JSONMember, _ expected: String) {
        diagnostics.append(
            Diagnostic(
                .error, wrongType,
                "expected \"\(member.name)\" to be \(expected), found \(member.value.typeDescription)",
                at: member.value.location))
    }
}
