import Foundation
import TestSupport
@_spi(BuildingBlocks) @testable import OAuthRuntime
import Testing

/// Reading the device authorization response (RFC 8628 §3.2) from a real local socket: the
/// defaults the RFC gives, and a typed error naming what is wrong for everything else.
@Suite struct DeviceAuthorizationResponseTests {
    /// When every authorization here is made, as far as the client knows (its `now:`).
    static let made = Date(timeIntervalSince1970: 1_800_000_000)

    func start(
        answering body: String, status: Int = 200
    ) async throws -> Result<DeviceAuthorization<DiscoveredProvider>, OAuthError> {
        let server = try LocalHTTPServer { request in
            request.path == "/device" ? .json(body, status: status) : .notFound
        }
        defer { server.stop() }
        var configuration = testConfiguration(kind: .oauth2)
        configuration.endpoints.deviceAuthorization = URL(string: "\(server.origin)/device")!
        let client = try OAuthClient<DiscoveredProvider>(
            configuration: configuration, options: ClientOptions(allowInsecureLoopback: true))
        do {
            let authorization = try await client.authorizeDevice(scopes: ["email"], now: Self.made)
            let form = String(decoding: try #require(server.requests(to: "/device").first?.body), as: UTF8.self)
            #expect(form == "scope=email&client_id=client-1")
            return .success(authorization)
        } catch let error as OAuthError {
            return .failure(error)
        }
    }

    static let valid =
        #"{"device_code": "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS", "user_code": "WDJB-MJHT", "verification_uri": "https://example.com/device", "expires_in": 1800"#

    @Test func theIntervalDefaultsToFiveSeconds() async throws {
        let authorization = try await start(answering: Self.valid + "}").get()
        #expect(authorization.interval == .seconds(5))
        #expect(authorization.userCode == "WDJB-MJHT")
        #expect(authorization.verificationURIComplete == nil)
        // On the injected clock (issue 53, item 11): the wall clock saw 67 s pass between the
        // answer and this line beside two clean builds.
        #expect(authorization.expiresAt == Self.made.addingTimeInterval(1800))
    }

    @Test func theCompleteURIAndIntervalAreRead() async throws {
        let authorization = try await start(
            answering: Self.valid
                + #", "interval": 7, "verification_uri_complete": "https://example.com/device?user_code=WDJB-MJHT"}"#
        ).get()
        #expect(authorization.interval == .seconds(7))
        #expect(
            authorization.verificationURIComplete?.absoluteString == "https://example.com/device?user_code=WDJB-MJHT")
    }

    @Test(arguments: [
        (
            #"{"user_code": "A", "verification_uri": "https://example.com/d", "expires_in": 10}"#,
            "no \"device_code\" string"
        ),
        (
            #"{"device_code": "d", "verification_uri": "https://example.com/d", "expires_in": 10}"#,
            "no \"user_code\" string"
        ),
        (#"{"device_code": "d", "user_code": "A", "expires_in": 10}"#, "no \"verification_uri\" string"),
        (
            #"{"device_code": "d", "user_code": "A", "verification_uri": "https://example.com/d", "expires_in": 0}"#,
            "no positive \"expires_in\" number"
        ),
        (
            #"{"device_code": "d", "user_code": "A", "verification_uri": "https://example.com/d", "expires_in": 10, "interval": -1}"#,
            "an \"interval\" that is not a positive number"
        ),
        ("[]", "a body that is not a JSON object"),
    ])
    func aMalformedResponseIsRefusedSayingWhy(body: String, found: String) async throws {
        let result = try await start(answering: body)
        guard case .failure(let error) = result else {
            Issue.record("accepted \(body)")
            return
        }
        #expect(error.kind == .invalidDeviceAuthorization)
        #expect(error.message == "expected a device authorization response per RFC 8628 §3.2, found \(found)")
    }

    @Test func aVerificationURIOverPlainHTTPElsewhereIsRefused() async throws {
        let result = try await start(
            answering:
                #"{"device_code": "d", "user_code": "A", "verification_uri": "http://example.com/device", "expires_in": 10}"#
        )
        guard case .failure(let error) = result else {
            Issue.record("accepted an http verification URI")
            return
        }
        #expect(error.kind == .insecureEndpoint)
    }

    @Test func anErrorResponseIsTypedLikeATokenEndpointError() async throws {
        let result = try await start(
            answering: #"{"error": "invalid_scope", "error_description": "no such scope"}"#, status: 400)
        guard case .failure(let error) = result else {
            Issue.record("accepted an error")
            return
        }
        #expect(error.kind == .requestRejected)
        #expect(
            error.protocolError == OAuthError.ProtocolError(code: "invalid_scope", errorDescription: "no such scope"))
        #expect(error.httpStatus == 400)
    }
}
