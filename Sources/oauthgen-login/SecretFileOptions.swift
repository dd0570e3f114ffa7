import ArgumentParser

/// Where the client secrets come from when not from argv, which every local user can read in the
/// process list: a file only its owner can read, or the environment.
struct SecretFileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        --client-secret's value from a file only its owner can read (chmod 600); or set \
        OAUTHGEN_CLIENT_SECRET.
        """, valueName: "file"))
    var clientSecretFile: String?

    @Option(help: ArgumentHelp("""
        --identity-client-secret's value from a file only its owner can read (chmod 600); or set \
        OAUTHGEN_IDENTITY_CLIENT_SECRET.
        """, valueName: "file"))
    var identityClientSecretFile: String?
}
