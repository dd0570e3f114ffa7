/// A file the generator wants to exist with exactly these contents.
public struct GeneratedFile: Sendable, Hashable {
    /// The file's name inside the output directory.
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
