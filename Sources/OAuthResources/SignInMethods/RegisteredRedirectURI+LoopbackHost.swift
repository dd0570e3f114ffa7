import Foundation
@_spi(BuildingBlocks) import OAuthRuntime

extension RegisteredRedirectURI {
    /// This loopback redirect URI with `host`, its port and path as they were; `nil` when it is
    /// not a loopback redirect, already uses `host`, or would not be one afterwards.
    func withLoopbackHost(_ host: ServerQuirks.LoopbackHost) -> RegisteredRedirectURI? {
        guard kind == .loopback, url.host != host.rawValue,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return nil }
        components.host = host.rawValue
        // Checked as the app's own would be: still a loopback redirect (RFC 8252 §7.3, §8.3).
        guard let changed = components.url else { return nil }
        return try? RegisteredRedirectURI(changed)
    }
}
