import Foundation

extension DjangoProvider.Instance {
    /// Ends `accessToken` at the provider as its expiry would, leaving its refresh token valid:
    /// the token's row gets an expiry in the past, so introspection says it is inactive and a
    /// resource answers `invalid_token`. (RFC 7009 revocation would not do: the toolkit revokes
    /// the refresh token with the access token.)
    public func expireAtTheProvider(_ accessToken: String) throws {
        let script = """
            import hashlib, sqlite3, sys
            database = sqlite3.connect(sys.argv[1], timeout=30)
            with database:
                changed = database.execute(
                    "UPDATE oauth2_provider_accesstoken SET expires = '2000-01-01 00:00:00' WHERE token_checksum = ?",
                    (hashlib.sha256(sys.argv[2].encode()).hexdigest(),)).rowcount
            sys.exit(0 if changed == 1 else 1)
            """
        let database = (stateDirectory as NSString).appendingPathComponent("db.sqlite3")
        let run = try ProcessRunner.run(URL(fileURLWithPath: python), ["-c", script, database, accessToken])
        guard run.status == 0 else {
            throw DjangoProvider.Unavailable(description: "could not expire the access token: \(run.stderr)")
        }
    }
}
