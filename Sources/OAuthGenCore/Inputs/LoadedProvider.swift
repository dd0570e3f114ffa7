/// One provider's documents after loading, before validation.
public struct LoadedProvider: Sendable, Hashable {
    public var input: ProviderInput
    public var discovery: DiscoveryDocument?
    public var quirks: QuirkFile?

    public var name: String { input.name }
}
