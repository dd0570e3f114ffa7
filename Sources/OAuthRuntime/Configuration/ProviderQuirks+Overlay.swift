import Foundation

// One vocabulary for a server's deviations: a quirk file's, pinned at build time, and a catalog
// entry's, applied to a server met at run time, are both `ProviderQuirks`. An overlay is the
// quirks an entry states; every member it leaves at the standard value is left as it was.
extension ProviderQuirks {
    /// These quirks with each member `overlay` sets to something other than the standard
    /// behaviour taken from `overlay`; every other member kept as it is here.
    public func overlaid(with overlay: ProviderQuirks) -> ProviderQuirks {
        guard var merged = Self.members(of: self), let stated = Self.members(of: overlay),
            let standard = Self.members(of: ProviderQuirks())
        else { return self }
        for (name, value) in stated where !Self.same(value, standard[name]) { merged[name] = value }
        guard let data = try? JSONSerialization.data(withJSONObject: merged),
            let decoded = try? JSONDecoder().decode(ProviderQuirks.self, from: data)
        else { return self }
        return decoded
    }

    /// The names of the members that differ from the standard behaviour, sorted: what a report
    /// says was applied.
    public var deviations: [String] {
        guard let members = Self.members(of: self), let standard = Self.members(of: ProviderQuirks()) else {
            return []
        }
        return members.filter { !Self.same($0.value, standard[$0.key]) }.map(\.key).sorted()
    }

    /// The members as their encoded JSON values, by name.
    private static func members(of quirks: ProviderQuirks) -> [String: Any]? {
        guard let data = try? JSONEncoder().encode(quirks) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Whether two encoded members are equal, compared as canonical JSON.
    private static func same(_ a: Any, _ b: Any?) -> Bool {
        guard let b else { return false }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
        return (try? JSONSerialization.data(withJSONObject: a, options: options))
            == (try? JSONSerialization.data(withJSONObject: b, options: options))
    }
}
