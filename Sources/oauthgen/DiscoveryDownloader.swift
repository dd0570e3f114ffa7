import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OAuthGenCore

/// Downloads and checks a discovery document for `fetch` and `import --fetch-discovery`.
enum DiscoveryDownloader {
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case openid, oauth
    }

    /// The document, read with locations (the URL stands in for the file), whose issuer is
    /// `expectedIssuer` exactly. Findings are printed; any error ends the command.
    static func fetch(issuer: String, kind: Kind, expectedIssuer: String?, allowInsecureLoopback: Bool) async throws -> (document: JSONValue, source: String) {
        guard let issuerURL = URL(string: issuer), let scheme = issuerURL.scheme?.lowercased(), let host = issuerURL.host else {
            throw fail("expected the issuer to be an absolute URL, found '\(issuer)'")
        }
        let loopback = host == "127.0.0.1" || host == "::1" || host == "[::1]"
        guard scheme == "https" || (scheme == "http" && loopback && allowInsecureLoopback) else {
            throw fail(scheme == "http" && loopback
                ? "expected https, found http on a loopback host; pass --allow-insecure-loopback for a local server"
                : "expected an https issuer, found '\(issuer)'")
        }
        let location = kind == .openid
            ? DiscoveryLocation.openIDConfiguration(forIssuer: issuerURL) : DiscoveryLocation.authorizationServerMetadata(forIssuer: issuerURL)
        guard let location else { throw fail("expected a usable issuer URL, found '\(issuer)'") }

        let source = location.absoluteString
        let read = JSONReader.read(try await download(location), file: source)
        DiagnosticPrinter.printText(read.diagnostics)
        guard let document = read.value, !read.diagnostics.containsErrors else { throw ExitCode.failure }
        let expected = expectedIssuer ?? issuer
        let found = document.members?.first { $0.name == "issuer" }
        guard let found, found.value.stringValue == expected else {
            DiagnosticPrinter.printText([Diagnostic(.error, .discoveryIssuerMismatch,
                "expected the document's issuer to equal \"\(expected)\" exactly, found \(found?.value.stringValue.map { "\"\($0)\"" } ?? "none")",
                at: found?.value.location ?? document.location)])
            throw ExitCode.failure
        }
        return (document, source)
    }

    private static func download(_ url: URL) async throws -> [UInt8] {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw fail("expected to download \(url.absoluteString), found: \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw fail("expected HTTP 200 from \(url.absoluteString), found \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        guard data.count <= InputLimits.maximumFileSize else {
            throw fail("expected a discovery document of at most \(InputLimits.maximumFileSize) bytes from \(url.absoluteString), found \(data.count)")
        }
        return [UInt8](data)
    }

    static func fail(_ message: String) -> ExitCode {
        StandardError.write("error: \(message)\n")
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
