/// Caps that keep hostile inputs from costing more than a real one ever could.
package enum InputLimits {
    /// The largest discovery document or quirk file read. Real discovery documents are under
    /// 10 KB (Keycloak's, among the largest, is about 6 KB); 1 MiB leaves ample room.
    package static let maximumFileSize = 1 << 20
    /// The deepest nesting of JSON arrays and objects accepted.
    package static let maximumJSONDepth = 64
}
