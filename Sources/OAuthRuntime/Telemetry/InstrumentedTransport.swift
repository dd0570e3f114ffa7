import Foundation
import Logging

/// A transport that reports each request: a client span with the HTTP semantic conventions'
/// attributes (method, server address and port, status code; never the path, query, headers or
/// body), the span's context injected into the request's headers (W3C `traceparent` with an
/// OpenTelemetry tracer), a timer by endpoint and status class, and a `debug` line.
///
/// The client wraps its transport in one, so every request the runtime makes is reported,
/// however the app's transport sends it.
package struct InstrumentedTransport: HTTPTransport {
    /// The transport that sends.
    let base: any HTTPTransport
    let telemetry: OAuthTelemetry
    /// Names a request's endpoint by its role (`token`, `jwks`, …): a bounded dimension.
    let endpoint: @Sendable (URL) -> String

    package init(
        _ base: any HTTPTransport, telemetry: OAuthTelemetry, endpoint: @escaping @Sendable (URL) -> String
    ) {
        self.base = base
        self.telemetry = telemetry
        self.endpoint = endpoint
    }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (span, outgoing, started) = begin(request)
        do {
            let response = try await span.whileCurrent { try await base.send(outgoing) }
            end(span, request, started, status: response.status)
            return response
        } catch {
            end(span, request, started, failure: error)
            throw error
        }
    }

    package func stream(
        _ request: HTTPRequest, idleTimeout: TimeInterval, bufferLimit: Int
    ) async throws -> HTTPStreamedResponse {
        let (span, outgoing, started) = begin(request)
        do {
            // The span ends with the head: the body streams for as long as the caller reads.
            let response = try await span.whileCurrent {
                try await base.stream(outgoing, idleTimeout: idleTimeout, bufferLimit: bufferLimit)
            }
            end(span, request, started, status: response.status)
            return response
        } catch {
            end(span, request, started, failure: error)
            throw error
        }
    }

    /// When a request started, and the role of its endpoint.
    private struct Started {
        let role: String
        let instant: ContinuousClock.Instant
    }

    private func begin(_ request: HTTPRequest) -> (TelemetrySpan, HTTPRequest, Started) {
        let role = endpoint(request.url)
        // OpenTelemetry HTTP client spans are named by the method alone when no route template is known.
        let span = telemetry.startSpan(request.method, kind: .client)
        span.set(.httpMethod, request.method)
        span.set(.endpoint, role)
        if let host = request.url.host { span.set(.serverAddress, host) }
        if let port = request.url.port
            ?? (request.url.scheme == "https" ? 443 : request.url.scheme == "http" ? 80 : nil)
        {
            span.set(.serverPort, port)
        }
        if let scheme = request.url.scheme { span.set(.urlScheme, scheme) }
        var outgoing = request
        span.inject(into: &outgoing.headers)
        return (span, outgoing, Started(role: role, instant: .now))
    }

    private func end(
        _ span: TelemetrySpan, _ request: HTTPRequest, _ started: Started, status: Int? = nil,
        failure: (any Error)? = nil
    ) {
        let elapsed = ContinuousClock.now - started.instant
        let role = started.role
        let statusClass = status.map { "\($0 / 100)xx" } ?? "network"
        if let status {
            span.set(.httpStatusCode, status)
            // A client span is an error from 400 on (OpenTelemetry HTTP span status).
            if status >= 400 {
                span.set(.errorType, String(status))
                span.fail()
            }
        }
        if let failure {
            span.set(.errorType, String(describing: type(of: failure)))
            span.fail(failure)
        }
        span.end()
        telemetry.time(.requestDuration, [("endpoint", role), ("status_class", statusClass)], elapsed)
        var logger = telemetry.logger
        logger[metadataKey: OAuthTelemetryKey.httpMethod.rawValue] = .string(request.method)
        logger[metadataKey: OAuthTelemetryKey.endpoint.rawValue] = .string(role)
        logger[metadataKey: OAuthTelemetryKey.serverAddress.rawValue] = request.url.host.map { .string($0) }
        logger[metadataKey: OAuthTelemetryKey.httpStatusCode.rawValue] = status.map { .string(String($0)) }
        logger[metadataKey: OAuthTelemetryKey.durationMilliseconds.rawValue] = .string(elapsed.milliseconds)
        if failure != nil {
            logger.debug("request failed before a response")
        } else {
            logger.debug("request answered")
        }
    }
}
