/// A coarse sound key for names written in Latin letters, so that a name said in another script
/// finds the contact: `John` (`john`), `Джону` (`dzhonu`), `ジョン` (`jon`) and `约翰` (`yuehan`) all
/// key as `jn`; `Kate`, `Кейт` (`keyt`), `ケイト` (`keito`) and `凯特` (`kaite`) as `kt`.
///
/// Transcriptions of a foreign name keep its consonants and change its vowels, so the key keeps
/// consonants (spellings of one sound made one letter) and drops vowels, `h` and doubled letters;
/// a leading vowel is kept as `a` (`Anna` → `an`, not `n`).
///
/// - Complexity: O(n) in the length of the text.
enum NameSound {
    /// Spellings of one sound, longest first: ICU's Latin forms of Cyrillic, kana and pinyin,
    /// and English spellings.
    private static let spellings: [(String, String)] = [
        ("dzh", "j"), ("sch", "s"), ("tch", "c"), ("zh", "j"), ("dj", "j"), ("sh", "s"), ("ch", "c"),
        ("ph", "f"), ("th", "t"), ("kh", "h"), ("ck", "k"), ("ts", "c"), ("tz", "c"),
        ("q", "k"), ("x", "ks"), ("w", "v"),
    ]
    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]

    /// The key of `latin` (lowercase ASCII, as `TextProfile.latinKey` gives it); empty when
    /// the text has no letters.
    static func key(_ latin: String) -> String {
        var s = Substring(latin.lowercased().filter { $0.isLetter && $0.isASCII })
        var out = ""
        var last: Character?
        var atStart = true
        var afterVowel = false
        while let c = s.first {
            var letter = c
            var width = 1
            if c == "w", afterVowel {
                letter = "u"  // after a vowel, part of it (`Awesome` is said `осам`)
            } else if let (spelled, sound) = spellings.first(where: { s.hasPrefix($0.0) }) {
                letter = sound.first!
                width = spelled.count
                if sound.count > 1 { out.append(letter); letter = sound.last! }
            } else if c == "c" {
                letter = "k"
            } else if c == "y", s.dropFirst().first.map({ vowels.contains($0) }) == true {
                letter = "j"  // a glide before a vowel (`yue`, `ya`), else a vowel (`keyt`)
            }
            s = s.dropFirst(width)
            defer { atStart = false }
            afterVowel = vowels.contains(letter)
            if vowels.contains(letter) {
                if atStart { out.append("a"); last = "a" } else { last = nil }
                continue
            }
            if letter == "h" { continue }
            if letter != last { out.append(letter) }
            last = letter
        }
        return out
    }
}
