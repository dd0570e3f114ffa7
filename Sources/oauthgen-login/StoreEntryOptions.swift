import ArgumentParser

/// What `--store` holds, shown or pruned without signing in anywhere.
struct StoreEntryOptions: ParsableArguments {
    @Flag(help: ArgumentHelp("""
        List what --store holds: each sign-in (its server, client, resource, expiry) and each client \
        registration, then exit.
        """))
    var list = false

    @Option(help: ArgumentHelp("""
        Forget a resource in --store: each sign-in kept for it is revoked at the server it names and \
        removed, each client registered for it is deleted there (RFC 7592) and removed. Works from the \
        store alone (nothing is discovered or registered), and removes the entries whatever the \
        servers answer.
        """, valueName: "resource"))
    var forget: String?
}
