import Logging

extension ResourceRefusal {
    /// The refusal's name for the ``OAuthMetricName/refusals`` counter (its `error` code, RFC 6750
    /// §3.1, RFC 9470, RFC 9449 §9); `nil` for an answer that refused nothing.
    package var telemetryKind: String? {
        switch self {
        case .dpopNonce: "use_dpop_nonce"
        case .invalidToken: "invalid_token"
        case .insufficientScope: "insufficient_scope"
        case .insufficientAuthentication: "insufficient_user_authentication"
        case .unauthorized: "unauthorized"
        case .other: nil
        }
    }

    /// Counts and logs the refusal, if it is one.
    func report(to telemetry: OAuthTelemetry) {
        guard let kind = telemetryKind else { return }
        telemetry.count(.refusals, [("kind", kind)])
        telemetry.logger.notice("the resource refused the request", metadata: ["oauth.refusal": .string(kind)])
    }
}
