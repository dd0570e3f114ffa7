import Foundation
import OAuthPolicy
import Testing
@testable import OAuthGenCore

@Suite struct SwiftNamingTests {
    @Test(arguments: [
        ("google", "Google"), ("entra-common", "EntraCommon"), ("my_idp2", "MyIdp2"), ("2fa", "_2fa"),
        ("---", "Provider"), ("date", "DateProvider"), ("scope", "ScopeProvider"), ("self", "SelfProvider"),
        ("task", "TaskProvider"), ("result", "ResultProvider"), ("token-set", "TokenSetProvider"),
        ("sign-in", "SignInProvider"),
    ])
    func typeNamesFromProviderNames(name: String, expected: String) {
        #expect(SwiftNaming.upperCamelCase(name) == expected)
    }

    @Test(arguments: [
        ("email_verified", "emailVerified"),
        ("offline_access", "offlineAccess"),
        ("read:user", "readUser"),
        ("resource1.scope1", "resource1Scope1"),
        ("User.Read", "userRead"),
        ("API", "api"),
        ("https://www.googleapis.com/auth/drive.file", "authDriveFile"),
        ("https://gitlab.org/claims/groups/owner", "claimsGroupsOwner"),
        ("2fa", "_2fa"),
        // No ASCII letter or digit: the scalars spelled out (`_` alone never compiles as a member).
        ("é", "uE9"),
        ("*", "u2A"),
        ("名前", "u540D_524D"),
    ])
    func memberNames(name: String, expected: String) {
        #expect(SwiftNaming.lowerCamelCase(name) == expected)
    }

    @Test func keywordsAreEscapedAndCollisionsNumbered() {
        #expect(
            SwiftNaming.uniqueIdentifiers(for: ["default", "self", "read:user", "read_user", "rawValue"])
                == ["`default`", "self2", "readUser", "readUser2", "rawValue2"])
    }

    @Test func stringLiteralsRoundTrip() {
        #expect(SwiftNaming.stringLiteral(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(SwiftNaming.stringLiteral("x\\(evil)") == #""x\\(evil)""#)
        #expect(SwiftNaming.stringLiteral("line\nbreak\t\u{1}") == #""line\nbreak\t\u{1}""#)
        #expect(SwiftNaming.stringLiteral("\u{2028}") == #""\u{2028}""#)
        #expect(SwiftNaming.stringLiteral("a\u{200B}b\u{2066}") == #""a\u{200b}b\u{2066}""#)
    }

    @Test func docCommentsStayOnOneLineWithNothingInvisible() {
        #expect(SwiftNaming.docCommentText("a\nb\r\nc") == #"a\u{A}b\u{D}\u{A}c"#)
        #expect(SwiftNaming.docCommentText("read\u{202E}etirw") == #"read\u{202E}etirw"#)
    }

    /// Before the fix these quirk names were accepted, and the generated file did not compile
    /// (`_`, the runtime's types) or shadowed the standard type in the whole app (`Error`, `Task`).
    @Test(arguments: [
        "_", "OAuthSession", "OAuthClient", "SignIn", "OAuthError", "TokenStore", "KeychainTokenStore", "Error", "Task",
        "Result", "Data", "Never",
        // Hardening 3, item 10: a provider named after the middleware's types shadowed them.
        "OAuthMiddleware", "RedirectRefusingTransport",
        // Issue 46: the resource types moved to a module of their own stay reserved.
        "ProtectedResourceSession", "OAuthResources",
    ])
    func aNameTheRuntimeOrTheStandardLibraryHasIsRefused(name: String) {
        #expect(!SwiftNaming.isValidTypeName(name))
    }

    /// The reserved list is the runtime's own: every top-level public type declared in its sources.
    @Test(arguments: [
        ("Sources/OAuthRuntime", ReservedTypeNames.runtime), ("Sources/OAuthResources", ReservedTypeNames.resources),
        ("Sources/OAuthOpenAPIMiddleware", ReservedTypeNames.middleware),
        ("Sources/OAuthPostgresStore", ReservedTypeNames.postgresStore),
    ])
    func theReservedNamesAreTheModulesPublicTypes(module: String, reserved: Set<String>) throws {
        let sources = Fixtures.packageRoot.appendingPathComponent(module)
        let declaration = try Regex(
            #"^(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|enum|class|actor|protocol|typealias)\s+(\w+)"#)
        var declared: Set<String> = []
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
        for file in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                    declared.insert(String(name))
                }
            }
        }
        #expect(declared.count >= reserved.count && !declared.isEmpty)
        #expect(
            declared.subtracting(reserved).sorted() == [], "public types of \(module) missing from ReservedTypeNames")
        #expect(reserved.subtracting(declared).sorted() == [], "ReservedTypeNames names types \(module) no longer has")
    }
}
