/// One `<key>` of a `<dict>` with its value.
package struct PlistEntry: Sendable, Hashable {
    package var key: String
    package var keyLocation: SourceLocation
    package var value: PlistValue

    /// An entry whose key was found at `keyLocation`.
    package init(key: String, keyLocation: SourceLocation, value: PlistValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
