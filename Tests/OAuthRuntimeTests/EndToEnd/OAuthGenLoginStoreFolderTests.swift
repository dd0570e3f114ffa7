import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(BuildingBlocks) @testable import OAuthRuntime
@_spi(BuildingBlocks) @testable import OAuthResources
import Testing
import TestSupport

/// Issue 45, item 10 and G4: `--store PATH` is a folder of entries named for their servers; a
/// store of the earlier flat layout is moved in, not lost; `--list` shows it and `--forget`
/// forgets a resource from what it holds, at the real django-oauth-toolkit.
@Suite(.enabled("needs django-oauth-toolkit (python3)") { await DjangoProvider.isAvailableOffPool() }, .serialized)
struct OAuthGenLoginStoreFolderTests {
    static let redirect = try! RegisteredRedirectURI(URL(string: "http://127.0.0.1/callback")!)

    func login(_ arguments: [String]) async throws -> (ProcessRunner.Run, [String: Any]) {
        let run = try await Binaries.run(
            "oauthgen-login", arguments + ["--allow-insecure-loopback", "--json", "--timeout", "60"])
        return (run, (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any] ?? [:])
    }

    /// A sign-in and a dynamic registration (whose key is long enough to be hashed in its file
    /// name) kept the earlier way, beside a file: the next run finds both in the folder, with no
    /// browser and no new registration. Seen failing before: no folder, and nothing to list.
    @Test func aFlatStoreIsMovedIntoTheFolderWithNothingLost() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTestDirectory("oauthgen-store-folder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("agent-store").path
        let session = ProtectedResourceSession(
            resource: URL(string: api.resource)!,
            signIn: BrowserSignIn(
                client: .dynamic(clientName: "flat"), redirectURI: Self.redirect,
                userAgent: LoopbackUserAgent(
                    browserCommand: [provider.python, provider.driver, "--username", "peggy"], timeout: 30)),
            store: FileTokenStore(path: path),
            options: ClientOptions(allowInsecureLoopback: true))
        #expect(try await session.data(for: URLRequest(url: URL(string: api.resource)!)).1.statusCode == 200)
        let clientID = try await session.oauthSession().client.clientID
        let flat = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(flat.contains { $0.hasPrefix("agent-store.registration-") && $0.contains("~") }, "\(flat)")

        let (run, report) = try await login([
            "--resource", api.resource, "--store", path, "--browser-command", "/bin/false",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(report["client_id"] as? String == clientID)
        #expect(report["sign_in_reused"] as? Bool == true && report["registration_reused"] as? Bool == true)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0 != "agent-store" && $0 != "agent-store.lock"
        }
        #expect(left == [])
        let signIns = try FileManager.default.contentsOfDirectory(atPath: path + "/sign-ins").filter {
            $0.hasSuffix(".json")
        }
        let port = URL(string: api.resource)?.port ?? 0
        #expect(
            signIns.count == 1 && signIns[0].hasPrefix("resource-127.0.0.1-\(port)-api-at-127.0.0.1-"), "\(signIns)")
    }

    /// `--list` names what is there; `--forget` revokes the resource's grant and deletes its
    /// client at the server, removes both entries, and leaves another resource's.
    @Test func listAndForgetWorkFromTheStoreAlone() async throws {
        let provider = try DjangoProvider.instance()
        let (kept, removed) = (try ProtectedAPI(provider: provider), try ProtectedAPI(provider: provider))
        defer {
            kept.stop()
            removed.stop()
        }
        let directory = try makeTestDirectory("oauthgen-store-folder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store").path
        for api in [kept, removed] {
            let (run, _) = try await login([
                "--resource", api.resource, "--store", path, "--browser-command",
                provider.browserCommand + " --username peggy",
            ])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let (listed, listing) = try await login(["--store", path, "--list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(Set(listing.keys) == CommandLineDocument.jsonFields(.list))
        let signIns = try #require(listing["sign_ins"] as? [[String: Any]])
        #expect(Set(signIns.compactMap { $0["resource"] as? String }) == [kept.resource, removed.resource])
        #expect((listing["registrations"] as? [[String: Any]])?.count == 2)
        let folder = FileTokenStore(directory: path)
        let registration = try #require(
            try await folder.registrationKeys().asyncFirst { key in
                key.hasSuffix(" and \(removed.resource)") ? try await folder.loadRegistration(key: key) : nil
            })
        let removedAccount = try #require(folder.accounts().first { $0.contains(removed.resource) })
        let refreshToken = try #require(try await folder.forAccount(removedAccount).load()?.tokens.refreshToken)

        let (forgot, report) = try await login(["--store", path, "--forget", removed.resource])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(Set(report.keys) == CommandLineDocument.jsonFields(.forget))
        #expect(report["revoked"] as? Int == 1 && report["deleted"] as? Int == 1)
        #expect(folder.accounts().map { $0.contains(kept.resource) } == [true])
        #expect(folder.registrationKeys().map { $0.hasSuffix(" and \(kept.resource)") } == [true])
        let read = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: try #require(registration.registrationClientURI),
                headers: ["Authorization": "Bearer \(registration.registrationAccessToken ?? "")"]))
        #expect(read.status == 401 || read.status == 404, "the forgotten client is still readable: HTTP \(read.status)")
        let reuse = try await URLSessionTransport().send(
            HTTPRequest(
                method: "POST", url: URL(string: provider.issuer + "/token/")!,
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(
                    "grant_type=refresh_token&refresh_token=\(refreshToken)&client_id=\(registration.clientID)".utf8)))
        #expect(reuse.status == 400 || reuse.status == 401, "the forgotten grant still refreshes: HTTP \(reuse.status)")

        let (unknown, _) = try await login(["--store", path, "--forget", "https://gone.example.com/mcp"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.hasPrefix(
                "error: expected a sign-in for https://gone.example.com/mcp in \(path), found none; it holds \(kept.resource)"
            ), "\(unknown.stderr)")
    }

    /// Issue 54, item 5: the plain output says whether the run signed in or used the kept
    /// sign-in (before, only `--json` said so).
    @Test func thePlainOutputSaysWhenAKeptSignInWasUsed() async throws {
        let provider = try DjangoProvider.instance()
        let api = try ProtectedAPI(provider: provider)
        defer { api.stop() }
        let directory = try makeTestDirectory("oauthgen-store-plain")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store").path
        var lines: [[Substring]] = []
        for browser in [provider.browserCommand + " --username peggy", "/bin/false"] {
            let run = try await Binaries.run(
                "oauthgen-login",
                [
                    "--resource", api.resource, "--store", path, "--browser-command", browser,
                    "--allow-insecure-loopback", "--timeout", "60",
                ])
            #expect(run.status == 0, "\(run.stderr)")
            lines.append(run.stdout.split(separator: "\n").filter { $0.hasPrefix("sign-in: ") })
        }
        #expect(lines == [["sign-in: new"], ["sign-in: kept in the store"]])
    }
}

extension Sequence {
    /// The first non-nil result of `transform`, in order.
    func asyncFirst<T>(_ transform: (Element) async throws -> T?) async rethrows -> T? {
        for element in self { if let value = try await transform(element) { return value } }
        return nil
    }
}
