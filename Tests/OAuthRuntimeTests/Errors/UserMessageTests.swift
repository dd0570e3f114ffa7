import Foundation
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// Issue 28, item 5: the example app showed end users `error.description`, the developer's
/// "expected … found …" text. `userMessage` is the sentence for them.
@Suite struct UserMessageTests {
    /// Every kind `OAuthError.Kind` declares, read from its source: a kind added without a message
    /// fails here.
    static func declaredKinds() throws -> [String] {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/OAuthRuntime/Errors/OAuthError.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        return text.matches(of: /public static let (\w+) = Kind\("/).map { String($0.output.1) }
    }

    @Test func everyKindHasAMessageForTheUser() throws {
        let declared = try Self.declaredKinds()
        #expect(declared.count > 30)
        let covered = Set(OAuthError.userMessages.keys.map(\.description))
        #expect(Set(declared).subtracting(covered).sorted() == [])
    }

    @Test func theMessageSaysNothingTheServerSentOrTheDeveloperNeeds() {
        let error = OAuthError.requestRejected(
            .init(code: "invalid_grant", errorDescription: "\u{1B}[31mtoken RT-secret revoked"), status: 400,
            endpoint: "token endpoint")
        #expect(error.userMessage == "The sign-in service had a problem. Please try again later.")
        #expect(!error.userMessage.contains("RT-secret") && !error.userMessage.contains("expected"))
        #expect(OAuthError.authorizationFailed(.init(code: "access_denied")).userMessage == "Sign-in was declined.")
        #expect(OAuthError.taskCancelled.userMessage == "Sign-in was cancelled.")
        #expect(
            OAuthError(.storageUnavailable, "the Keychain is locked").userMessage == "Unlock your device to continue.")
    }
}
