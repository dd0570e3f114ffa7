import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthFetch
import OAuthGenCLI
import OAuthGenCore
import OAuthPolicy

/// Downloads and checks a discovery document for `fetch` and `import --fetch-discovery`.
enum DiscoveryDownloader {
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case openid, oauth
    }

    /// The document, read with locations (the URL stands in for the file), whose issuer is
    /// `expectedIssuer` exactly. Findings are printed; any error ends the command.
    static func fetch(issuer: String, kind: Kind, expectedIssuer: String?, allowInsecureLoopback: Bool) async throws -> (document: JSONValue, source: String) {
        // The runtime's rule: what `fetch` pins is what a client will accept.
        if let refused = FetchRules.issuerArgument(issuer, allowInsecureLoopback: allowInsecureLoopback) {
            DiagnosticPrinter.printText([refused])
            throw ExitCode.failure
        }
        let location = kind == .openid
            ? WellKnownLocation.openIDConfiguration(forIssuer: issuer).flatMap(URL.init(string:))
            : WellKnownLocation.authorizationServerMetadata(forIssuer: issuer).flatMap(URL.init(string:))
        guard let location else { throw fail("expected a usable issuer URL, found '\(issuer)'", rule: .fetchIssuerInvalid) }

        let source = location.absoluteString
        let read = JSONReader.read(try await download(location), file: source)
        DiagnosticPrinter.printText(read.diagnostics)
        guard let document = read.value, !read.diagnostics.containsErrors else { throw ExitCode.failure }
        if let mismatch = FetchRules.issuerMismatch(in: document, expected: expectedIssuer ?? issuer) {
            DiagnosticPrinter.printText([mismatch])
            throw ExitCode.failure
        }
        return (document, source)
    }

    /// The body, read only up to the input size limit; a redirect is refused, since a document
    /// pinned from wherever a server points would be trusted at every later build.
    private static func download(_ url: URL) async throws -> [UInt8] {
        let response = try await get(url, document: "a discovery document")
        if (300..<400).contains(response.status) {
            let location = response.header("Location") ?? "nowhere"
            throw fail("expected the document at \(url.absoluteString), found HTTP \(response.status) redirecting to '\(location)'; redirects are not followed: pin the issuer the redirect names only if you trust it")
        }
        guard response.status == 200 else {
            throw fail("expected HTTP 200 from \(url.absoluteString), found \(response.status)")
        }
        return [UInt8](response.body)
    }

    /// One GET without credentials for `document` at `url`: no redirect followed, the body read
    /// only up to the input size limit; a failure to reach it ends the command (`fetch-failed`).
    static func get(_ url: URL, document: String) async throws -> ServerFetch.Response {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            return try await ServerFetch(timeout: timeout).send(request, bodyLimit: InputLimits.maximumFileSize)
        } catch .bodyTooLarge(let limit) {
            throw fail("expected \(document) of at most \(limit) bytes from \(url.absoluteString), found a larger one")
        } catch {
            throw fail("expected to download \(url.absoluteString), found: \(error)")
        }
    }

    /// The most one request may take, from sending it to the body's last byte: the command's
    /// `--timeout`, for the requests it makes on the task it runs them in.
    @TaskLocal static var timeout: TimeInterval = 30

    /// A fetch that could not be made or answered (`fetch-failed`, unless `rule` says otherwise),
    /// printed as a diagnostic; the command ends.
    static func fail(_ message: String, rule: RuleID = .fetchFailed) -> ExitCode {
        DiagnosticPrinter.printText([Diagnostic(.error, rule, message, at: nil)])
        return ExitCode.failure
    }

    /// Writes `document` pinned to `path`, atomically, leaving it untouched when unchanged.
    static func pin(_ document: JSONValue, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let file = GeneratedFile(name: (path as NSString).lastPathComponent, contents: PinnedJSONWriter.write(document))
        do {
            _ = try OutputWriter.write([file], to: directory.isEmpty ? "." : directory)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode.failure
        }
    }
}

extension ServerFetch.Response {
    /// A header field, its name compared without case.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
