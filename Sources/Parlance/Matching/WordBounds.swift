/// Where a slot may start and end in an utterance of a spaced script: not between two letters
/// of one word ("в Блокнотик|е: купить…", "до Шереметье|во"). The engine reads letters, not
/// words, and such a reading takes part of a word for a name or a preposition.
enum WordBounds {
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
            let w = MatchText.characterEnd(units, i)
            if isLetter(w - 1) && isLetter(w) { out[i] |= splitsAtEnd }
        }
        return out
    }
}
