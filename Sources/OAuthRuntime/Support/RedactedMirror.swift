extension Mirror {
    /// What reflection shows of a value that holds a secret — `dump`, `print` of a containing
    /// value, `Mirror`, the debugger's `po`: its description, which names what it is and leaves
    /// the token, code, verifier, secret or key out. Without this, `dump(tokens)` prints the
    /// stored properties, secrets and all, whatever `description` says.
    package static func redacted(_ subject: some CustomStringConvertible) -> Mirror {
        Mirror(subject, children: ["description": subject.description], displayStyle: .struct)
    }
}
