import ArgumentParser
import Foundation
import OAuthGenCatalog
import OAuthGenCLI
import OAuthGenCore
import OAuthGenFetch
import OAuthPolicy

// init --resource: a provider learnt from a protected resource instead of the catalog.
extension InitCommand {
    func initialize(resource: String) async throws {
        let name = try providerName(for: resource)
        let found = try DiscoveryDownloader.report(
            await ResourceMetadataFetch.fetch(
                resource: resource, allowInsecureLoopback: allowInsecureLoopback,
                downloader: DiscoveryDownloader.downloader))
        let redirects =
            redirectURI.isEmpty
            ? [bundleID.map { "\($0):/oauth2redirect" } ?? "http://127.0.0.1/callback"] : redirectURI
        let loopbackServer =
            allowInsecureLoopback
            && (try? ServerURL(parsing: found.issuer)).map { EndpointRule.verdict(for: $0) == .insecureLoopback }
                == true
        // An https client ID is a metadata document's URL: the server must say it takes one, as
        // the runtime's resource session requires.
        if let clientID, clientID.hasPrefix("https://"),
            let refusal = ResourceDiscoveryPlan.metadataDocumentRefusal(supported: found.acceptsMetadataDocuments)
        {
            throw DiscoveryDownloader.fail(refusal)
        }
        // The scopes a first sign-in asks for, as the runtime's resource session would (never the
        // server's whole list).
        let quirks = ResourceQuirkFile.text(
            .init(
                resource: resource, redirectURIs: redirects, clientID: clientID, defaultScopes: found.signInScopes,
                loopbackDevelopmentServer: loopbackServer,
                defaultScopesFromChallenge: found.scopesFromChallenge),
            metadataURL: found.resourceMetadataURL)
        var files = [
            GeneratedFile(name: name + InputFileKind.quirks.rawValue, contents: quirks),
            GeneratedFile(
                name: name
                    + (found.isOpenIDConnect ? InputFileKind.openIDConfiguration : .authorizationServerMetadata)
                    .rawValue,
                contents: PinnedJSONWriter.write(found.authorizationServer)),
            GeneratedFile(
                name: name + InputFileKind.protectedResource.rawValue,
                contents: PinnedJSONWriter.write(found.resourceMetadata)),
        ]
        // A client ID that is an https URL names a Client ID Metadata Document the app hosts
        // there: written from the quirk file's values, and checked against them at every build.
        if let clientID, clientID.hasPrefix("https://") {
            files.append(
                GeneratedFile(
                    name: name + InputFileKind.clientMetadata.rawValue,
                    contents: ClientMetadataDocument.text(
                        clientID: clientID, clientName: bundleID ?? name, redirectURIs: redirects)))
        }
        for file in files {
            let path = (output as NSString).appendingPathComponent(file.name)
            if let existing = WriteConflictRules.existingFile(
                named: file.name, at: path, in: output, exists: FileManager.default.fileExists(atPath: path),
                force: force)
            {
                DiagnosticPrinter.printText([existing])
                throw ExitCode.failure
            }
        }
        // The three files as the build will read them, with the providers already there.
        let results = try ValidationBeforeWriting.findings(for: files, in: output, force: force)
        try ValidationBeforeWriting.write(files, to: output, results: results, joiner: ", ")
    }

    /// The name given, else the resource host's first label (`mcp` for mcp.example.com), else
    /// (an IP address) the path's last segment (`api` for http://127.0.0.1:8000/api), else `server`.
    private func providerName(for resource: String) throws -> String {
        if let provider {
            guard InputScanner.isValidProviderName(provider) else {
                throw ValidationError(
                    "expected a provider name of lowercase letters, digits, '-' or '_', starting with a letter, found '\(provider)'"
                )
            }
            return provider
        }
        let parsed = try? ServerURL(parsing: resource)
        let host = parsed?.host ?? ""
        let label = host.split(separator: ".").first.map { String($0).lowercased() } ?? ""
        if InputScanner.isValidProviderName(label), !host.hasPrefix("["), Int(label) == nil { return label }
        let segment =
            (parsed?.pathAndQuery.prefix { $0 != "?" }.split(separator: "/").last).map { String($0).lowercased() } ?? ""
        return InputScanner.isValidProviderName(segment) ? segment : "server"
    }
}
