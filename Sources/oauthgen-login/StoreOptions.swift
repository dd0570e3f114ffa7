import ArgumentParser

/// `oauthgen-login`'s options: where the sign-in is kept between runs and shared between processes, and what is done with what is kept.
struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            Keep the sign-in in the folder PATH (0700, created when missing): one 0600 file per sign-in and \
            per client registration, named for its server (a store an earlier version kept beside a file \
            PATH is moved in). Or in PostgreSQL: postgres://USER@HOST:PORT/DB[?sslmode=MODE] (sslmode as \
            libpq reads it, prefer when absent; the password from PGPASSWORD or ~/.pgpass, never the URL), \
            with --store-key. When the store already holds a sign-in for this issuer and client (or \
            resource), no browser opens: its access token is used, refreshed first if it has expired. \
            Several processes may share the store, on one machine or (PostgreSQL) many: one refreshes, the \
            others use its tokens.
            """, valueName: "path-or-url"))
    var store: String?

    @Option(
        help: ArgumentHelp(
            """
            With a postgres:// --store: the key every row is sealed with (AES-256-GCM), 32 random bytes, raw \
            or base64, in a file only this user can read. Every process sharing the database needs the same key.
            """, valueName: "file"))
    var storeKey: String?

    @Flag(
        help: ArgumentHelp(
            """
            When the --store file holds another client's or provider's sign-in, revoke it at its provider \
            and replace it. Without this flag that is an error, and the file is left as it is.
            """))
    var replaceStoredSignIn = false

    @Flag(
        help: ArgumentHelp(
            """
            List what --store holds: each sign-in (its server, client, resource, expiry) and each client \
            registration, then exit.
            """))
    var list = false

    @Option(
        help: ArgumentHelp(
            """
            Forget a resource in --store: each sign-in kept for it is revoked at the server it names and \
            removed, each client registered for it is deleted there (RFC 7592) and removed. Works from the \
            store alone (nothing is discovered or registered), and removes the entries whatever the \
            servers answer.
            """, valueName: "resource"))
    var forget: String?
}
