/// "Did you mean …?" for misspelled keys and values.
package enum Suggestion {
    /// The candidate closest to `word` by edit distance (case-insensitive), if it is close enough
    /// to be a likely typo: at most a third of the word's length, and at least one edit allowed.
    ///
    /// Inputs are hostile too: words longer than `maximumLength` get no suggestion (no real key,
    /// scope or value is that long), and a candidate whose length alone rules it out is skipped,
    /// so the quadratic distance only ever runs on short strings.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.utf8.count <= maximumLength * 4 else { return nil }
        let lowered = Array(word.lowercased())
        guard lowered.count <= maximumLength else { return nil }
        let limit = max(1, lowered.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate.utf8.count <= maximumLength * 4 {
            let other = Array(candidate.lowercased())
            guard other.count <= maximumLength, abs(other.count - lowered.count) <= limit else { continue }
            let distance = editDistance(lowered, other)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    static let maximumLength = 128

    /// Levenshtein distance with one rolling row.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
