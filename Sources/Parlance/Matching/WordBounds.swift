/// Where a slot may start and end in an utterance of a spaced script: not between two letters
/// of one word ("в Блокнотик|е: купить…", "до Шереметье|во"). The engine reads letters, not
/// words, and such a reading takes part of a word for a name or a preposition.
enum WordBounds {
    /// The end of a range of `units` that ends at `hi`, widened over what the engine's range
    /// leaves out of its last character: the second half of a surrogate pair (an emoji) and
    /// combining marks (a decomposed accent is composed before matching, and the range ends one
    /// unit after the composed character's start).
    static func widenedEnd(_ units: [UInt16], _ hi: Int) -> Int {
        var hi = min(hi, units.count)
        while hi < units.count {
            let u = units[hi]
            if (0xDC00...0xDFFF).contains(u) { hi += 1; continue }
            guard let s = Unicode.Scalar(u) else { break }
            switch s.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: hi += 1
            default: return hi
            }
        }
        return hi
    }

    static let splitsAtStart: UInt8 = 1
    static let splitsAtEnd: UInt8 = 2

    /// For every UTF-16 offset of `units` (and its end): `splitsAtStart` when a slot starting
    /// there would split a word, `splitsAtEnd` when one ending there would.
    static func splits(_ units: [UInt16]) -> [UInt8] {
        func isLetter(_ i: Int) -> Bool {
            guard i >= 0, i < units.count, let u = Unicode.Scalar(units[i]) else { return false }
            return u.properties.isAlphabetic
        }
        var out = [UInt8](repeating: 0, count: units.count + 1)
        for i in out.indices {
            if isLetter(i - 1) && isLetter(i) { out[i] |= splitsAtStart }
            let w = widenedEnd(units, i)
            if isLetter(w - 1) && isLetter(w) { out[i] |= splitsAtEnd }
        }
        return out
    }
}
