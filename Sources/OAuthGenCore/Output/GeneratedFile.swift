/// A file the generator wants to exist with exactly these contents.
public struct GeneratedFile: Sendable, Hashable {
    /// The file's name inside the output directory.
    public var name: String
    /// The Swift source, exactly as it is to be written.
    public var contents: String

    package init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
