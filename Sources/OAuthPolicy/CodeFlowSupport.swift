/// What a provider's metadata must allow for a browser sign-in, for the build's check of a pinned
/// document and the runtime's of one read at run time: one rule, so the runtime refuses what the
/// build does.
///
/// The client sends `response_type=code`, redeems the code with the `authorization_code` grant and
/// reads it from the redirect's query. A member the metadata omits has its specified default
/// (OIDC Discovery 1.0 §3, RFC 8414 §2: `["authorization_code", "implicit"]` and
/// `["query", "fragment"]`), which allows all three.
public enum CodeFlowSupport {
    /// A metadata member that lists values without the one the sign-in needs.
    public struct Gap: Sendable, Hashable {
        /// Which member it is.
        public var member: Member
        /// What the member lists.
        public var found: [String]

        /// What was expected, as both messages say it: `"response_types_supported" to contain "code" (…)`.
        public var expectation: String {
            switch member {
            case .responseTypes:
                "\"response_types_supported\" to contain \"code\" (native apps use the authorization code flow)"
            case .grantTypes:
                "\"grant_types_supported\" to contain \"authorization_code\" (native apps use the authorization code flow)"
            case .responseModes:
                "\"response_modes_supported\" to contain \"query\", the response mode of \"code\" and the only one the client reads the redirect in"
            }
        }

        /// Whether the gap rules a browser sign-in out. A response-mode list without `query`
        /// does not: the client sends no `response_mode`, and a server then answers `code` in the
        /// query, the response type's default (OAuth 2.0 Multiple Response Type Encoding
        /// Practices §2.1, §5; `response_modes_supported` lists the modes a client may *ask*
        /// for). Servers do so (panva's node-oidc-provider checks the list only against a
        /// requested mode), and a deployed MCP service's server that lists only a mode of its
        /// own signs every client in this way. The build warns; the runtime goes ahead.
        public var blocksSignIn: Bool { member != .responseModes }

        /// What the gap means for the sign-in, after the finding itself.
        public var consequence: String {
            blocksSignIn
                ? ""
                : "; the client sends no response_mode, so the server answers in the query, \"code\"'s default (OAuth 2.0 Multiple Response Type Encoding Practices §2.1)"
        }

        /// The list as found, quoted: `["token", "id_token"]`.
        public var foundList: String {
            "[" + found.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }

    /// The metadata members the sign-in depends on.
    public enum Member: Sendable, Hashable {
        /// `response_types_supported`.
        case responseTypes
        /// `grant_types_supported`.
        case grantTypes
        /// `response_modes_supported`.
        case responseModes
    }

    /// The members that rule the code flow out (response types, grant types, response modes);
    /// none when each is absent (`nil`) or lists what the client uses.
    public static func gaps(responseTypes: [String]?, grantTypes: [String]?, responseModes: [String]?) -> [Gap] {
        let checks: [(Member, [String]?, String)] = [
            (.responseTypes, responseTypes, "code"), (.grantTypes, grantTypes, "authorization_code"),
            (.responseModes, responseModes, "query"),
        ]
        return checks.compactMap { member, listed, needed in
            guard let listed, !listed.contains(needed) else { return nil }
            return Gap(member: member, found: listed)
        }
    }
}
