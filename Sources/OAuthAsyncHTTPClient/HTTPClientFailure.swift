#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
@_spi(BuildingBlocks) import OAuthRuntime
internal import OAuthFetch

/// AsyncHTTPClient's and SwiftNIO's errors as the runtime's transports report them: a
/// `URLError` whose code tells a timeout from a refused connection or a failed TLS handshake
/// (callers branch on the code, the device grant on `.timedOut`), `CancellationError`, and
/// `ResponseTooLarge` as they are. Messages name the host, never a body or a header.
enum HTTPClientFailure {
    /// What `operation` returns, its errors translated.
    static func translated<Value: Sendable>(
        host: String?, timeout: TimeInterval, _ operation: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await operation()
        } catch {
            throw translate(error, host: host, timeout: timeout)
        }
    }

    /// `error` as a transport of the runtime reports it.
    static func translate(_ error: any Error, host: String?, timeout: TimeInterval) -> any Error {
        let server = host ?? "the server"
        switch error {
        case is CancellationError, is ResponseTooLarge, is URLError:
            return error
        case let error as HTTPClientError:
            if error == .cancelled { return CancellationError() }
            if [.deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout].contains(error) {
                return FetchTimeout.answer(from: host, within: timeout)
            }
            if error == .remoteConnectionClosed {
                return failure(.networkConnectionLost, "expected \(server) to answer, found the connection closed")
            }
            return failure(.badServerResponse, "expected an HTTP answer from \(server), found \(error)")
        case is NIOSSLError, is BoringSSLError:
            return failure(.secureConnectionFailed, "expected a TLS connection to \(server), found \(error)")
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return failure(.cannotConnectToHost, "expected \(server) to accept a connection, found it refused")
        case is NIOConnectionError, is IOError, is ChannelError:
            return failure(.cannotConnectToHost, "expected to connect to \(server), found \(error)")
        default:
            return failure(.unknown, "expected an answer from \(server), found \(error)")
        }
    }

    private static func failure(_ code: URLError.Code, _ message: String) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
#endif
