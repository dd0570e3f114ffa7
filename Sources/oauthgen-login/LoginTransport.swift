import OAuthRuntime

#if AsyncHTTPClient && os(Linux)
import OAuthAsyncHTTPClient
#endif

/// What the tool sends its requests through: AsyncHTTPClient on Linux (the package's default
/// trait), where URLSession keeps a core busy for as long as a request waits (a tool call, an
/// event stream: issue 53), and URLSession elsewhere. Both follow no redirect and bound every
/// body and wait alike.
enum LoginTransport {
    /// A transport whose requests time out after 30 s each.
    static func make() -> any HTTPTransport {
        #if AsyncHTTPClient && os(Linux)
        AsyncHTTPClientTransport()
        #else
        URLSessionTransport()
        #endif
    }
}
