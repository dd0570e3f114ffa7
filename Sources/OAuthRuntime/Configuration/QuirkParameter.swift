internal import OAuthPolicy

/// One name–value pair from a quirk file; an array of these keeps the file's order, unlike a dictionary.
public struct QuirkParameter: Sendable, Hashable, Codable {
    /// The parameter or header name.
    public var name: String
    /// Its value.
    public var value: String

    /// A name and its value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
