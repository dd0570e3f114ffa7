import OAuthGenCore
import OAuthPolicy

extension ProviderDiagnosis {
    /// The diagnosis as the page `oauthgen doctor` prints: what applies, why, and what to do.
    package var text: String {
        var lines = ["\(name)"]
        lines.append("  quirk file: \(quirkFile ?? "none")")
        lines.append("  metadata:   \(metadata)")
        lines.append(
            "  catalog:    \(catalogEntry.map { "entry \"\($0)\" (oauthgen init --list)" } ?? "no entry matches this provider's name or issuer")"
        )

        lines.append("")
        lines.append("  Quirks that apply")
        if quirks.isEmpty { lines.append("    none: the provider follows the standards as far as this file says") }
        for quirk in quirks {
            lines.append("    \(quirk.path) = \(quirk.value)" + (quirk.location.map { "    (\(place($0)))" } ?? ""))
            if let source = quirk.source {
                lines.append(
                    "      why: \(source)" + (quirk.sourceLocation.map { "    (catalog \(catalogPlace($0)))" } ?? ""))
            } else if catalogEntry != nil {
                lines.append("      why: set by this file; the catalog has no source for it")
            }
        }
        if !catalogOnly.isEmpty {
            lines.append("")
            lines.append("  In the catalog, not in this file (a sign-in may fail without them)")
            for quirk in catalogOnly {
                lines.append("    \(quirk.path) = \(quirk.value)")
                if let source = quirk.source {
                    lines.append(
                        "      why: \(source)"
                            + (quirk.sourceLocation.map { "    (catalog \(catalogPlace($0)))" } ?? ""))
                }
            }
        }

        lines.append("")
        lines.append("  Redirect URIs")
        if redirects.isEmpty { lines.append("    none: the generated client has no redirect to sign in with") }
        for redirect in redirects {
            lines.append("    \(redirect.uri)  \(Self.kindName(redirect.kind))    (\(place(redirect.location)))")
            if redirect.allowedByProvider == false {
                lines.append("      the catalog says \(catalogEntry ?? name) does not take this kind for native apps")
            }
            if let note = redirect.note { lines.append("      \(note)") }
        }

        if !schemes.isEmpty {
            lines.append("")
            lines.append("  Info.plist: CFBundleURLTypes → CFBundleURLSchemes must list")
            for scheme in schemes {
                let status =
                    switch scheme.registered {
                    case true?: "registered"
                    case false?: "NOT registered: the browser cannot hand the response back to the app"
                    case nil: "(pass --info-plist to check)"
                    }
                lines.append("    \(scheme.scheme)    \(status)")
            }
        }

        if !findings.isEmpty {
            lines.append("")
            lines.append("  Findings")
            lines += findings.map { "    \($0.description)" }
        }
        // Every line holds values from the quirk file and the catalog: a newline in one must not
        // print a forged `path:1:1: error:` line, nor a bidi character reorder what is shown.
        return lines.map(TerminalText.escaping).joined(separator: "\n") + "\n"
    }

    static func kindName(_ kind: RedirectKind) -> String {
        kind == .loopback ? "\(kind), any port" : kind.description
    }

    private func place(_ location: SourceLocation) -> String {
        "\(location.file):\(location.line)"
    }

    /// A catalog line by the entry's name in the package, not the resource bundle's path.
    private func catalogPlace(_ location: SourceLocation) -> String {
        let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "Providers/\(file):\(location.line)"
    }
}
