/// Keeps tokens in memory only: gone when the process ends.
public actor MemoryTokenStore: TokenStore {
    private var signIn: SignInRecord?

    /// A store holding `signIn`, if given.
    public init(_ signIn: SignInRecord? = nil) {
        self.signIn = signIn
    }

    public func load() -> SignInRecord? { signIn }
    public func save(_ signIn: SignInRecord) { self.signIn = signIn }
    /// Forgets the sign-in.
    public func clear() { signIn = nil }
}
