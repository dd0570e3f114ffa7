import ArgumentParser
import Foundation
import OAuthPolicy
@_spi(BuildingBlocks) import OAuthRuntime

// What the command prints: the report as JSON or as text.
extension OAuthGenLogin {
    static func jsonText(_ report: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(report)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// Text a server or provider supplied, made safe for a terminal by the one sanitizer: a
    /// hostile `scope` or `sub` cannot clear the screen, move the cursor or forge a line.
    static func printable(_ text: String) -> String {
        TerminalText.escaping(text)
    }

    static func humanText(_ report: LoginReport) -> String {
        var lines = ["signed in to \(printable(report.issuer))"]
        if let subject = report.subject { lines.append("subject: \(printable(subject))") }
        if let scope = report.scope { lines.append("scope: \(printable(scope))") }
        if let expiresIn = report.expires_in { lines.append("access token expires in \(expiresIn) s") }
        if report.userinfo != nil { lines.append("userinfo: checked") }
        if report.refreshed { lines.append("refreshed: yes") }
        if report.revoked { lines.append("revoked: yes") }
        if report.signed_out { lines.append("signed out at the provider: yes") }
        if let token = report.access_token { lines.append("access_token: \(token)") }
        if let token = report.refresh_token { lines.append("refresh_token: \(token)") }
        if let token = report.id_token { lines.append("id_token: \(token)") }
        return lines.joined(separator: "\n")
    }
}
