/// What a client requires of a protected resource's metadata (RFC 9728 §2, §3.3) before it
/// follows it to an authorization server: one rule for `oauthgen init --resource`, the build's
/// check of a pinned document and the runtime's discovery, so none accepts what another refuses.
public enum ProtectedResourcePolicy {
    /// One thing wrong with the metadata; `description` says what was expected and found.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The member at fault.
        public var member: String
        /// `expected …, found …`.
        public var description: String
    }

    /// The problems of a document's members, as the client reads them.
    ///
    /// - Parameters:
    ///   - resource: the `resource` member, if it is a string.
    ///   - expectedResource: the URL the metadata was looked up for: the request's URL when the
    ///     resource's 401 named the document, else the identifier the well-known URL was made from.
    ///   - authorizationServers: `authorization_servers`, `nil` when absent.
    ///   - bearerMethods: `bearer_methods_supported`, `nil` when absent.
    ///   - allowInsecureLoopback: whether http on 127.0.0.1 or [::1] is accepted (local tests).
    public static func problems(
        resource: String?, expectedResource: String, authorizationServers: [String]?,
        bearerMethods: [String]?, allowInsecureLoopback: Bool
    ) -> [Problem] {
        var problems: [Problem] = []
        switch resource {
        case nil:
            problems.append(
                Problem(
                    member: "resource",
                    description: "expected \"resource\", the resource's identifier (RFC 9728 §2), found none"))
        case let resource? where resource != expectedResource:
            // §3.3: metadata for another resource must not be used, or a resource could send a
            // client's tokens to an authorization server of its choosing for a resource it is not.
            problems.append(
                Problem(
                    member: "resource",
                    description:
                        "expected \"resource\" to be \"\(TerminalText.escaping(expectedResource))\" exactly, the URL the metadata was looked up for (RFC 9728 §3.3), found \"\(TerminalText.escaping(resource))\""
                ))
        case let resource?:
            if let problem = urlProblem(resource, allowInsecureLoopback: allowInsecureLoopback) {
                problems.append(
                    Problem(
                        member: "resource",
                        description:
                            "expected \"resource\" to be an https URL without a fragment (RFC 9728 §1.2), found \(problem)"
                    ))
            }
        }
        if let servers = authorizationServers {
            if servers.isEmpty {
                problems.append(
                    Problem(
                        member: "authorization_servers",
                        description:
                            "expected \"authorization_servers\" to list the issuer of at least one authorization server (RFC 9728 §2), found an empty list"
                    ))
            }
            for server in servers {
                if let problem = urlProblem(server, allowInsecureLoopback: allowInsecureLoopback)
                    ?? issuerProblem(server)
                {
                    problems.append(
                        Problem(
                            member: "authorization_servers",
                            description:
                                "expected each of \"authorization_servers\" to be an issuer identifier, an https URL without query or fragment (RFC 8414 §2), found \(problem)"
                        ))
                }
            }
        } else {
            problems.append(
                Problem(
                    member: "authorization_servers",
                    description:
                        "expected \"authorization_servers\" naming the authorization server to sign in with (RFC 9728 §2), found none"
                ))
        }
        if let methods = bearerMethods, !methods.contains("header") {
            // The client sends tokens only in the Authorization header (RFC 6750 §2.1).
            problems.append(
                Problem(
                    member: "bearer_methods_supported",
                    description:
                        "expected \"bearer_methods_supported\" to allow \"header\" (RFC 6750 §2.1), the only way the client sends a token, found \(methods.isEmpty ? "an empty list" : methods.map { "\"\(TerminalText.escaping($0))\"" }.joined(separator: ", "))"
                ))
        }
        return problems
    }

    /// ServerURL refuses a fragment, userinfo and any scheme but https and http; the runtime's
    /// endpoint rule decides the rest.
    private static func urlProblem(_ text: String, allowInsecureLoopback: Bool) -> String? {
        let url: ServerURL
        do {
            url = try ServerURL(parsing: text)
        } catch {
            return "\"\(TerminalText.escaping(text))\": \(error)"
        }
        switch EndpointRule.verdict(for: url) {
        case .secure: return nil
        case .insecureLoopback:
            return allowInsecureLoopback
                ? nil
                : "\"\(TerminalText.escaping(text))\", which is http (allowed on the loopback address only for local tests)"
        case .refused: return "\"\(TerminalText.escaping(text))\", which is http"
        }
    }

    private static func issuerProblem(_ text: String) -> String? {
        text.contains("?") ? "\"\(TerminalText.escaping(text))\", which has a query" : nil
    }
}
