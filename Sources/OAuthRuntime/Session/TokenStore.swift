/// Where a session keeps its tokens between launches.
public protocol TokenStore: Sendable {
    /// The stored sign-in; `nil` when there is none or it cannot be read (treated as signed out).
    func load() async -> SignInRecord?
    /// Replaces the stored sign-in, atomically.
    func save(_ signIn: SignInRecord) async throws
    /// Removes the stored sign-in.
    func clear() async throws
}

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
