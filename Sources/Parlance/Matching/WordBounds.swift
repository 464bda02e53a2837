/// Where a slot may start and end in an utterance of a spaced script: not between two letters
/// of one word ("в Блокнотик|е: купить…", "до Шереметье|во"). The engine reads letters, not
/// words, and such a reading takes part of a word for a name or a preposition.
enum WordBounds {
    static let splitsAtStart: UInt8 = 1
    static let splitsAtEnd: UInt8 = 2

    /// For every UTF-16 offset of `units` (and its end): `splitsAtStart` when a slot starting
    /// there would split a word, `splitsAtEnd` when one ending there would.
    static func splits(_ units: [UInt16]) -> [UInt8] {
        // Letters by unit, ASCII read directly (most units); a property look-up costs more than
        // the rest of this table.
        let letter = units.map { u -> Bool in
            if u < 0x80 { return (u | 0x20) >= 0x61 && (u | 0x20) <= 0x7A }
            return Unicode.Scalar(u)?.properties.isAlphabetic ?? false
        }
        func isLetter(_ i: Int) -> Bool { i >= 0 && i < letter.count && letter[i] }
        var out = [UInt8](repeating: 0, count: units.count + 1)
        for i in out.indices {
            if isLetter(i - 1) && isLetter(i) { out[i] |= splitsAtStart }
            // Nothing continues a character before a unit below U+0300 (no mark, no surrogate).
            let w = i < units.count && units[i] >= 0x300 ? MatchText.characterEnd(units, i) : i
            if isLetter(w - 1) && isLetter(w) { out[i] |= splitsAtEnd }
        }
        return out
    }
}
