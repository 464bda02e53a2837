/// A coarse sound key for names written in Latin letters, so that a name said in another script
/// finds the contact: `John` (`john`), `Джону` (`dzhonu`), `ジョン` (`jon`) and `约翰` (`yuehan`) all
/// key as `jn`; `Kate`, `Кейт` (`keyt`), `ケイト` (`keito`) and `凯特` (`kaite`) as `kt`.
///
/// Transcriptions of a foreign name keep its consonants and change its vowels, so the key keeps
/// consonants (spellings of one sound made one letter) and drops vowels, `h` and doubled letters;
/// a leading vowel is kept as `a` (`Anna` → `an`, not `n`). Consonants that other languages
/// write with one letter are one: `l` and `r` (Japanese hears both as `r`, Chinese as `l`), and
/// `w`, `v` and `b` (`ウェ`, `ヴェ`, `ベ`; Chinese and Japanese have no `v`), so that
/// `WenderLoon`, `ウェンダールーン` (`u~endarun`), `ヴェンダールーン`, `Вендерлун` and `温德伦`
/// (`wendelun`) all key as `bndrn`. ICU writes small kana with `~` (`ウェ` → `u~e`): a `u~` not
/// after a consonant is `w`, and `vu~` is `v`; a leading `u` before another vowel is a `w` too
/// (`ウエンダー`, `Уолтер` for Walter). An `n` before `p`, `b` or `m` is `m`, as kana and
/// pinyin write that sound with one letter (`テンポ` tenpo for tempo).
///
/// A name as written may be said otherwise: `keys` adds the key with `g` and `c` soft before
/// `e`, `i` and `y` (`Pigeon` as `ピジョン` pijon, `Cecile` as `セシル`), and with a word's final
/// `v` said `f` (`Ivanov` as `イワノフ` iwanofu, as Russian devoices it), for the written side.
///
/// - Complexity: O(n) in the length of the text.
enum NameSound {
    /// Spellings of one sound, longest first: ICU's Latin forms of Cyrillic, kana and pinyin,
    /// and English spellings.
    private static let spellings: [(spelled: [UInt8], sound: [UInt8])] = [
        ("dzh", "j"), ("sch", "s"), ("tch", "c"), ("zh", "j"), ("dj", "j"), ("sh", "s"), ("ch", "c"),
        ("ph", "f"), ("th", "t"), ("kh", "h"), ("ck", "k"), ("ts", "c"), ("tz", "c"),
        ("q", "k"), ("x", "ks"), ("w", "b"), ("v", "b"), ("l", "r"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }
    /// By ASCII byte, the `spellings` that start with it, longest first.
    private static let spellingsByFirst: [[(spelled: [UInt8], sound: [UInt8])]] = (0..<128).map { b in
        spellings.filter { $0.spelled[0] == UInt8(b) }
    }

    @inline(__always) private static func isVowel(_ b: UInt8) -> Bool {
        b == 0x61 || b == 0x65 || b == 0x69 || b == 0x6F || b == 0x75 || b == 0x79  // a e i o u y
    }

    /// The lowercase ASCII letters of `text`, as bytes. A letter with a combining mark is a
    /// letter that is not ASCII, and is left out.
    private static func asciiLetters(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.compactMap { b in
                switch b {
                case 0x41...0x5A: return b + 0x20
                case 0x61...0x7A: return b
                default: return nil
                }
            }
        }
        return Array(text.lowercased().filter { $0.isLetter && $0.isASCII }.utf8)
    }

    /// ICU's Latin of small kana made letters: `u~e` (`ウェ`) → `we`, `vu~e` (`ヴェ`) → `ve`,
    /// `de~i` (`ディ`) → `dei`.
    static func smallKana(_ latin: String) -> String {
        var out: [Character] = []
        for c in latin.lowercased() {
            guard c == "~" else { out.append(c); continue }
            guard out.last == "u" else { continue }
            let before = out.count >= 2 ? out[out.count - 2] : " "
            if before == "v" {
                out.removeLast()
            } else if !before.isLetter || "aeiouyn".contains(before) {
                out[out.count - 1] = "w"
            }
        }
        return String(out)
    }

    /// The keys of a name as written in Latin letters: `key(latin)`, and, where they differ, the
    /// key with `g` read as `j` and `c` as `s` before `e`, `i` and `y`, and with a word's final
    /// `v` read as `f`.
    static func keys(_ latin: String) -> [String] {
        let hard = key(latin)
        var soft = Array(latin.lowercased().utf8)
        var changed = false
        for i in soft.indices.dropLast() where soft[i + 1] == 0x65 || soft[i + 1] == 0x69 || soft[i + 1] == 0x79 {  // e i y
            let before: UInt8 = i > 0 ? soft[i - 1] : 0
            if soft[i] == 0x67, before != 0x67 { soft[i] = 0x6A; changed = true }  // g → j, not gg
            if soft[i] == 0x63, before != 0x73 { soft[i] = 0x73; changed = true }  // c → s, not sc
        }
        var out = [hard]
        if changed {
            let k = key(String(decoding: soft, as: UTF8.self))
            if k != hard { out.append(k) }
        }
        // A `v` that ends a word is said `f` (Russian devoices it: `Иванов` is `イワノフ` in kana).
        let words = latin.utf8.contains(where: { $0 == 0x76 || $0 == 0x56 }) ? latin.lowercased().split(separator: " ") : []
        if words.contains(where: { $0.count > 2 && $0.hasSuffix("v") }) {
            let k = key(words.map { $0.count > 2 && $0.hasSuffix("v") ? $0.dropLast() + "f" : $0 }.joined(separator: " "))
            if !out.contains(k) { out.append(k) }
        }
        return out
    }

    /// The key of `latin` (lowercase ASCII, as `TextProfile.latinKey` gives it); empty when
    /// the text has no letters.
    static func key(_ latin: String) -> String {
        let s = asciiLetters(latin.utf8.contains(0x7E) ? smallKana(latin) : latin)
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var last: UInt8?
        var afterVowel = false
        var i = 0
        while i < s.count {
            let c = s[i]
            var letter = c
            var width = 1
            if c == 0x77, afterVowel, s[i - 1] != 0x69, s[i - 1] != 0x75 {  // w
                // After a, e or o, part of the vowel (`Awesome` is said `осам`): u. After i or u
                // it begins a syllable, as kana write it (`イワノフ` iwanofu).
                letter = 0x75
            } else if c < 0x80, let sp = spellingsByFirst[Int(c)].first(where: {
                $0.spelled.count <= s.count - i && s[i..<i + $0.spelled.count].elementsEqual($0.spelled)
            }) {
                letter = sp.sound[0]
                width = sp.spelled.count
                if sp.sound.count > 1 { out.append(letter); letter = sp.sound[sp.sound.count - 1] }
            } else if c == 0x63 {  // c
                letter = 0x6B  // k
            } else if c == 0x79, i + 1 < s.count, isVowel(s[i + 1]) {  // y
                letter = 0x6A  // a glide before a vowel (`yue`, `ya`), else a vowel (`keyt`): j
            } else if c == 0x75, i == 0, i + 1 < s.count, isVowel(s[i + 1]), s[i + 1] != 0x75 {  // u
                letter = 0x62  // a leading w written as a vowel (`ウエ` uen…, `Уолтер` uolter): b, as w is
            }
            let atStart = i == 0
            i += width
            afterVowel = isVowel(letter)
            if afterVowel {
                if atStart { out.append(0x61); last = 0x61 } else { last = nil }
                continue
            }
            if letter == 0x68 { continue }  // h
            // n before p, b or m (w and v are b): m.
            if letter == 0x6E, i < s.count, s[i] == 0x70 || s[i] == 0x62 || s[i] == 0x6D || s[i] == 0x77 || s[i] == 0x76 {
                letter = 0x6D
            }
            if letter != last { out.append(letter) }
            last = letter
        }
        return String(decoding: out, as: UTF8.self)
    }
}
