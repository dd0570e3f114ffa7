import Foundation
import OAuthRuntime

/// A Google pending authorization cannot be finished on the Entra client.
func finish(_ pending: PendingAuthorization<Google>, callback: URL, on client: OAuthClient<MicrosoftEntra>) async throws {
    _ = try await client.finishAuthorization(callback: callback, pending: pending)
}
