import Foundation
import ParlanceText

/// Contacts and apps written in Latin letters but said in the utterance's own script
/// ("约翰和凯特", "в осам" for Awesome), found by sound (`NameSound`) so that they can be read as
/// list values rather than as free text: two pieces of free text side by side cannot be told
/// apart by a template ("告诉{约翰和凯特}{我会晚到十分钟}").
///
/// Keys are made once per pack; words of an utterance are keyed only when nothing else read it.
struct SoundAlikeNames: Sendable {
    /// Sound keys of the words of contacts' names.
    private let people: Set<String>
    /// Sound keys of contacts' names of several words, said as one (`ジョン・アップルシード`).
    private let fullNames: Set<String>
    /// Sound key of an app's name → its entry; keys two apps share are left out.
    private let apps: [String: AppNames.Entry]
    /// Chinese app names by their syllables without tones, spaces removed (`xinge`).
    private let homophoneApps: [String: AppNames.Entry]
    private let profile: TextProfile
    private let forms: PersonNameForms
    /// An app name heard by sound scores as one from another localization.
    static let appScore = AppNames.Score.otherLocale
    /// An app's Latin name heard with one letter wrong (`wenderlon`, `sancada`, `palomas`).
    static let nearScore = 0.8
    /// Letters an app's name needs before a near spelling of it is heard as it.
    static let nearMinLetters = 6
    /// Latin app names of `nearMinLetters` letters or more, as lowercase ASCII letters.
    private let latinApps: [(letters: [UInt8], entry: AppNames.Entry)]
    /// Their lengths and first two letters, apart, so that most names are ruled out without touching them.
    private let latinAppShapes: [(length: Int, first: UInt8, second: UInt8, letterSet: UInt32)]
    /// Those names by their first letter, then by their second (a to z).
    private let latinAppsByLetter: [[[Int]]]
    /// The most letters of those names.
    private let latinAppLetters: Int
    /// The most words (Hanzi, kana: characters) a name is heard in.
    static let maxWords = 4

    /// Sound key of a vocabulary phrase written in Latin letters → the lists and output keys of
    /// the items it names; a key two items of one list share is left out of that list.
    private let items: [String: [(list: String, key: String)]]
    /// Whether no vocabulary phrase is written in Latin letters (then none is heard by sound).
    var hearsNoVocabulary: Bool { items.isEmpty }
    /// A vocabulary item heard by sound scores as an inflected or respaced form, and as free
    /// text: of the two readings, the one that leaves less to free text wins.
    static let itemScore = VocabularyForms.Score.inflected

    init(contacts: [PersonResolver.Contact], appNames: AppNames, profile: TextProfile, forms: PersonNameForms,
         vocabulary: [(list: String, phrase: String, key: String)] = []) {
        self.profile = profile
        self.forms = forms
        var people: Set<String> = [], fullNames: Set<String> = []
        for c in contacts {
            let parts = profile.tokenize(c.name).filter { Self.isLatin($0.text) }
            for part in parts {
                for k in NameSound.keys(profile.latinKey(part.text)) where k.count >= 2 { people.insert(k) }
            }
            if parts.count > 1 {
                for k in NameSound.keys(profile.latinKey(parts.map(\.text).joined())) { fullNames.insert(k) }
            }
        }
        self.people = people
        self.fullNames = fullNames
        var apps: [String: AppNames.Entry] = [:]
        var shared: Set<String> = []
        for e in appNames.entries where Self.isLatin(e.said) {
            for k in NameSound.keys(profile.latinKey(e.said)) where k.count >= 3 {
                if let old = apps[k], old.bundleIdentifier != e.bundleIdentifier { shared.insert(k) }
                if apps[k] == nil || e.score > apps[k]!.score { apps[k] = e }
            }
        }
        for k in shared { apps[k] = nil }
        self.apps = apps
        // Chinese app names by their syllables without tones: a recognizer writes a homophone
        // as often as the name (信哥 for 信鸽). Two apps that sound alike are neither's.
        var homophones: [String: AppNames.Entry] = [:], sharedSound: Set<String> = []
        if profile.locale.language == "zh" {
            for e in appNames.entries where e.said.count >= 2 && e.said.unicodeScalars.allSatisfy(Self.isHan) {
                let k = profile.latinKey(e.said).filter { $0 != " " }
                if let old = homophones[k], old.bundleIdentifier != e.bundleIdentifier { sharedSound.insert(k) }
                if homophones[k] == nil || e.score > homophones[k]!.score { homophones[k] = e }
            }
        }
        for k in sharedSound { homophones[k] = nil }
        homophoneApps = homophones
        // A name split or respaced ("jot ter") has its letters: one entry for them, the best.
        var latin: [(letters: [UInt8], entry: AppNames.Entry)] = []
        var byLetters: [[UInt8]: [Int]] = [:]
        for e in appNames.entries where Self.isLatin(e.said) {
            let letters = Self.letters(e.said)
            guard letters.count >= Self.nearMinLetters else { continue }
            if let k = byLetters[letters]?.first(where: { latin[$0].entry.bundleIdentifier == e.bundleIdentifier }) {
                if e.score > latin[k].entry.score { latin[k].entry = e }
                continue
            }
            byLetters[letters, default: []].append(latin.count)
            latin.append((letters, e))
        }
        latinApps = latin
        latinAppLetters = latinApps.map(\.letters.count).max() ?? 0
        latinAppShapes = latinApps.map { ($0.letters.count, $0.letters[0], $0.letters[1], Self.letterSet($0.letters)) }
        var byLetter = [[[Int]]](repeating: [[Int]](repeating: [], count: 26), count: 2)
        for (k, shape) in latinAppShapes.enumerated() {
            byLetter[0][Int(shape.first &- 0x61)].append(k)
            byLetter[1][Int(shape.second &- 0x61)].append(k)
        }
        latinAppsByLetter = byLetter
        var items: [String: [(list: String, key: String)]] = [:]
        var phrases: [[String]: String] = [:]
        var clashes: Set<[String]> = []
        let katakana = profile.locale.language == "ja"
        for v in vocabulary where Self.isLatin(v.phrase) {
            let phrase = profile.latinKey(v.phrase)
            var keys = NameSound.keys(phrase)
            if katakana {
                for k in NameSound.keys(Self.asKatakanaHearsIt(phrase)) where !keys.contains(k) { keys.append(k) }
            }
            // Four consonants at least, or, heard in katakana, three in a word of five letters or
            // more (`フォーカス` for Focus): shorter keys sound like too many words.
            let shortest = katakana && !phrase.contains(" ") && phrase.count >= 5 ? 3 : 4
            for k in keys where k.count >= shortest {
                // The same phrase twice in a list (an app's item and the user's) is the list's
                // first; two phrases that sound alike are neither.
                if let old = phrases[[k, v.list]] {
                    if old != phrase { clashes.insert([k, v.list]) }
                    continue
                }
                phrases[[k, v.list]] = phrase
                items[k, default: []].append((v.list, v.key))
            }
        }
        for c in clashes { items[c[0]]?.removeAll { $0.list == c[1] } }
        self.items = items.filter { !$0.value.isEmpty }
    }

    /// An English phrase as Japanese borrows it: an `r` that ends a syllable is a long vowel
    /// (`Summer` サマー, `Morning` モーニング) and a plural `s` is dropped (`Groceries` グロサリー;
    /// not the `s` of `Focus` or `Boss`).
    static func asKatakanaHearsIt(_ phrase: String) -> String {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
        return phrase.split(separator: " ").map { word -> String in
            var w = Array(word)
            if w.count > 3, w.last == "s", !["s", "u"].contains(w[w.count - 2]) { w.removeLast() }
            var out: [Character] = []
            for (i, c) in w.enumerated() {
                if c == "r", i > 0, vowels.contains(w[i - 1]), i + 1 == w.count || !vowels.contains(w[i + 1]) { continue }
                out.append(c)
            }
            return String(out)
        }.joined(separator: " ")
    }

    static func isHan(_ c: Unicode.Scalar) -> Bool { c.properties.isIdeographic }

    /// Whether `text` is katakana (with its prolonged sound mark) and nothing else.
    static func isKatakana(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { (0x30A0...0x30FF).contains($0.value) || (0xFF66...0xFF9D).contains($0.value) }
    }

    static func isLatin(_ s: String) -> Bool { s.unicodeScalars.allSatisfy { $0.isASCII || !$0.properties.isAlphabetic || $0.value < 0x250 } }

    /// What an utterance was heard to name, each as said.
    struct Heard {
        var people: [String] = []
        var apps: [AppNames.Entry] = []
        /// Vocabulary items: the words said, the list, and the list value's output key.
        var vocabulary: [(said: String, list: String, key: String)] = []
        var isEmpty: Bool { people.isEmpty && apps.isEmpty && vocabulary.isEmpty }
    }

    /// The words of `utterance`, in its own script, that sound like a contact's name, an app's
    /// or a vocabulary item's phrase: as said, for list values.
    ///
    /// - Complexity: n transliterations of n tokens, O(n · maxWords) look-ups.
    /// With `nearSpellings`, Latin app names heard with a letter wrong too (`nearSpellings(in:of:)`).
    func heard(in utterance: String, nearSpellings near: Bool = true) -> Heard {
        var heard = Heard()
        // Each token is transliterated once; a window's Latin form is its tokens' joined.
        let tokens = profile.tokenize(utterance, latin: true)
        if near { heard.apps = nearSpellings(in: tokens, of: utterance) }
        guard tokens.contains(where: { !Self.isLatin($0.text) }) else { return heard }
        let units = Array(utterance.utf16)
        var heardPeople: [String] = [], heardApps: [AppNames.Entry] = []
        let widest = profile.isUnspaced ? Self.maxWords : 2
        // A run of katakana is one borrowed word or phrase, however the dictionary cuts it
        // (`サマー|インキ|ョ|ウ|ト`): it is heard whole as well.
        var katakanaRun = [Int](repeating: 0, count: tokens.count + 1)
        for i in tokens.indices.reversed() where Self.isKatakana(tokens[i].text) {
            katakanaRun[i] = i + 1 < tokens.count && tokens[i + 1].spaceBefore ? 1 : katakanaRun[i + 1] + 1
        }
        // Read through locals: a closure over `self` would copy every table of it, per window.
        let apps = self.apps, people = self.people, fullNames = self.fullNames, items = self.items
        for i in tokens.indices {
            // The shortest words that sound like a person's name are the name: `凯特`, not
            // `凯特我会`. An app's name or a vocabulary phrase is heard at every width that
            // sounds like one (`ストライド` for Stride and `ストライドラン` for Stride Run).
            var foundPerson = false
            // Widths 1 to `widest`, and the katakana run starting here when it is wider.
            let run = katakanaRun[i] > widest ? katakanaRun[i] : 0
            for w in 1...max(widest, run) where (w <= widest || w == run) && i + w <= tokens.count {
                let said = UTF16Fast.string(units[tokens[i].range.lowerBound..<tokens[i + w - 1].range.upperBound])
                guard !Self.isLatin(said) else { continue }
                var latin = tokens[i..<i + w].map { $0.latin ?? $0.key }.joined()
                // Small kana (`~yo`) spell one sound with the character before: read them together.
                if latin.utf8.contains(0x7E) { latin = profile.latin(ofKey: tokens[i..<i + w].map(\.key).joined()) }
                // A word of an inflecting language is heard in its written form too: `в Шубоксе`.
                let bases = w == 1 && !profile.isUnspaced ? forms.baseForms(of: tokens[i].key) : [said]
                // A base form is one word's key, as the token's is: its Latin is its key's.
                var keys: [String] = []
                keys.reserveCapacity(bases.count)
                for b in bases { keys.append(NameSound.key(b == said || b == tokens[i].key ? latin : profile.latin(ofKey: b))) }
                // A Chinese name of two syllables or more written as a homophone; else by sound.
                let homophone = w >= 2 && said.unicodeScalars.allSatisfy(Self.isHan)
                    ? homophoneApps[latin].flatMap { $0.said != said ? $0 : nil } : nil
                if var app = homophone ?? keys.lazy.compactMap({ apps[$0] }).first {
                    app.said = said
                    app.source = "soundalike"
                    app.score = min(app.score, Self.appScore)
                    heardApps.append(app)
                }
                if !foundPerson, keys.contains(where: people.contains) {
                    foundPerson = true
                    heardPeople.append(said)
                } else if w > 1, keys.contains(where: fullNames.contains), !heardPeople.contains(said) {
                    heardPeople.append(said)
                }
                if let found = keys.lazy.compactMap({ items[$0] }).first {
                    heard.vocabulary += found.map { (said, $0.list, $0.key) }
                }
            }
        }
        heard.people = heardPeople
        heard.apps += heardApps
        return heard
    }

    /// The lowercase letters of `text` without their accents, ASCII only (`Boîte à photos` →
    /// `boiteaphotos`).
    static func letters(_ text: String) -> [UInt8] {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        return folded.utf8.filter { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) }.map { $0 | 0x20 }
    }

    /// Which of a to z occur in letters already folded to them, one bit each.
    static func letterSet(_ letters: [UInt8]) -> UInt32 {
        letters.reduce(0) { $0 | 1 << UInt32(($1 &- 0x61) & 31) }
    }

    /// Apps whose Latin name one to three words in Latin letters spell with one letter wrong
    /// (two for names of ten letters or more): `wenderlon`, `sancada` for Zancada, `palomas`,
    /// `boite a photo`. A spelling as near to two apps' names is neither's.
    func nearSpellings(in tokens: [Token], of utterance: String) -> [AppNames.Entry] {
        guard !latinApps.isEmpty else { return [] }
        // Each token's letters once, from its match key (folded already); a window's are theirs joined.
        let letters = tokens.map { t in t.key.utf8.filter { (0x61...0x7A).contains($0) } }
        let units = Array(utterance.utf16)
        var out: [AppNames.Entry] = []
        for i in tokens.indices where !letters[i].isEmpty && Self.isLatin(tokens[i].text) {
            var window: [UInt8] = [], windowSet: UInt32 = 0
            for w in 1...3 where i + w <= tokens.count {
                window += letters[i + w - 1]
                windowSet |= Self.letterSet(letters[i + w - 1])
                if window.count > latinAppLetters + 2 { break }
                guard window.count >= Self.nearMinLetters - 1, Self.isLatin(tokens[i + w - 1].text) else { continue }
                var best: [Int] = [], bestDistance = Int.max
                // Only names with one of the first two letters in place, then cheap checks on plain
                // numbers: lengths, and the letters each spelling has and the other lacks anywhere,
                // each of which takes an edit.
                search: for pass in 0..<2 {
                    for k in latinAppsByLetter[pass][Int(window[pass] &- 0x61)] {
                        let shape = latinAppShapes[k]
                        if pass == 1 && shape.first == window[0] { continue }  // seen in the first pass
                        let limit = shape.length >= 10 ? 2 : 1
                        guard abs(shape.length - window.count) <= limit,
                              (shape.letterSet & ~windowSet).nonzeroBitCount <= limit,
                              (windowSet & ~shape.letterSet).nonzeroBitCount <= limit else { continue }
                        let d = EditDistance.levenshtein(window, latinApps[k].letters, limit: limit)
                        if d == 0 { best = []; bestDistance = 0; break search }  // the name itself: read as written
                        guard d <= limit else { continue }
                        if d < bestDistance { best = [k]; bestDistance = d } else if d == bestDistance { best.append(k) }
                    }
                }
                guard bestDistance > 0, let first = best.first,
                      best.allSatisfy({ latinApps[$0].entry.bundleIdentifier == latinApps[first].entry.bundleIdentifier }) else { continue }
                var app = latinApps[first].entry
                app.said = UTF16Fast.string(units[tokens[i].range.lowerBound..<tokens[i + w - 1].range.upperBound])
                app.source = "nearSpelling"
                app.score = min(app.score, Self.nearScore)
                out.append(app)
            }
        }
        return out
    }
}
