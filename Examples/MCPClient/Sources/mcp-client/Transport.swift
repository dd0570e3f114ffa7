import Foundation
import OAuthRuntime

#if canImport(OAuthAsyncHTTPClient)
import OAuthAsyncHTTPClient
#endif

extension MCPClientCommand {
    /// What the client sends through, each request within `timeout` seconds: on Linux
    /// AsyncHTTPClient, since FoundationNetworking's URLSession keeps a core busy for as long
    /// as a request waits (a slow tool call burned 7 s of CPU in 10 s); URLSession elsewhere.
    func makeTransport() -> any HTTPTransport {
        #if canImport(OAuthAsyncHTTPClient)
        AsyncHTTPClientTransport(timeout: timeout)
        #else
        URLSessionTransport(timeout: timeout)
        #endif
    }
}
