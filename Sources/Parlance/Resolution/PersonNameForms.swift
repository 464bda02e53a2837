/// How a language joins names into a list and inflects them, for reading "John and Kate",
/// "Маше и Диме", "田中さんと佐藤さん" against the user's contacts.
///
/// Inflection is by suffix rules on the name as written in the contact, never by a list of
/// known names: a contact "Маша" is also found as "Маше", "Машу", "Маши", "Машей".
struct PersonNameForms: Sendable {
    /// Words and marks that join names in a list.
    let conjunctions: Set<String>
    /// Honorifics that may follow (ja, zh) or precede (en, de…) a name and are not part of it.
    let honorificSuffixes: [String]
    let honorificPrefixes: Set<String>
    /// Suffix rewrites from the written (nominative) form to the forms a sentence may use.
    let suffixRules: [(ending: String, replacements: [String])]
    /// Whether the family name comes first in speech (ja, zh, ko).
    let familyNameFirst: Bool
    /// Endings added to a name or noun that ends in a consonant (Russian: Иван → Ивану, Иваном).
    var consonantEndings: [String] = []
    /// Possessives and articles that open a description of a person before the name ("**mi**
    /// jefe John", "**the** boss John"); none for unspaced scripts.
    var determiners: Set<String> = []
    /// Other names a given name is called by, from the locale pack (`Дмитрий` ↔ `Дима`), by match
    /// key; each group is symmetric.
    var nicknames: [String: [String]] = [:]
    /// `suffixRules` and `consonantEndings` undone (`baseForms(of:)`).
    private var undoing: [UInt8: [Undoing]] = [:]

    /// - Parameter key: how the table's names are keyed, as the caller keys the names it looks up.
    init(language: String, nicknames: [String: [String]] = [:], key: (String) -> String = { $0.lowercased() }) {
        self.nicknames = Self.symmetric(nicknames, key: key)
        switch language {
        case "ru", "uk", "be":
            conjunctions = ["и", "й", "та", "с", "со", ","]
            suffixRules = [
                // Feminine and -а/-я masculine names: Маша → Маше, Машу, Маши, Машей, Машой.
                ("а", ["е", "у", "ы", "и", "ой", "ою", "ей"]), ("я", ["е", "ю", "и", "ей", "ею"]),
                ("ия", ["ии", "ию", "ией"]),
                // Masculine names in a consonant, -й, -ь: Иван → Ивану, Ивана, Иваном, Иване.
                ("й", ["ю", "я", "ем", "е"]), ("ий", ["ию", "ия", "ием", "ии"]), ("ь", ["ю", "я", "ем", "е"]),
                // Surnames: Иванов → Иванову, Иванова, Ивановым; Петрова → Петровой.
                ("ов", ["ову", "ова", "овым", "ове"]), ("ев", ["еву", "ева", "евым", "еве"]),
                ("ин", ["ину", "ина", "иным", "ине"]), ("ова", ["овой", "ову"]), ("ева", ["евой", "еву"]),
                ("ина", ["иной", "ину"]), ("ский", ["скому", "ского", "ским", "ском"]), ("ская", ["ской", "скую"]),
                // Nouns with a fleeting vowel: Кошелёк → Кошелька, Кошельке; Звонок → Звонка.
                ("ек", ["ька", "ьку", "ьком", "ьке"]), ("ок", ["ка", "ку", "ком", "ке"]),
            ]
            consonantEndings = ["а", "у", "ом", "ем", "е"]
            determiners = ["мой", "моя", "моей", "моему", "моим", "моего", "мою", "наш", "наша", "нашей", "нашему", "нашим"]
            honorificSuffixes = []
            honorificPrefixes = []
            familyNameFirst = false
        case "de":
            conjunctions = ["und", "sowie", "&", ","]
            suffixRules = [("", ["s"])]  // Annas, Bens: the Saxon genitive
            honorificSuffixes = []
            honorificPrefixes = ["herr", "herrn", "frau", "dr"]
            determiners = ["mein", "meine", "meinem", "meinen", "meiner", "unser", "unsere", "unserem", "unseren", "unserer",
                           "der", "die", "dem", "den"]
            familyNameFirst = false
        case "fr":
            conjunctions = ["et", "&", ","]
            suffixRules = []
            honorificSuffixes = []
            honorificPrefixes = ["monsieur", "madame", "mademoiselle", "m", "mme", "dr"]
            determiners = ["mon", "ma", "mes", "notre", "le", "la"]
            familyNameFirst = false
        case "es":
            conjunctions = ["y", "e", "&", ","]
            // Diminutives: Anna → Annita, Olga → Olguita, Paco → Paquito.
            suffixRules = [("a", ["ita"]), ("o", ["ito"]), ("ga", ["guita"]), ("ca", ["quita"]), ("go", ["guito"]), ("co", ["quito"])]
            honorificSuffixes = []
            honorificPrefixes = ["señor", "señora", "señorita", "sr", "sra", "don", "doña", "dr"]
            determiners = ["mi", "mis", "nuestro", "nuestra", "el", "la"]
            familyNameFirst = false
        case "it", "pt":
            conjunctions = ["e", "&", ","]
            suffixRules = []
            honorificSuffixes = []
            honorificPrefixes = ["signor", "signora", "senhor", "senhora", "dr"]
            determiners = ["mio", "mia", "il", "lo", "meu", "minha"]
            familyNameFirst = false
        case "ja":
            conjunctions = ["と", "や", "、", ","]
            suffixRules = []
            honorificSuffixes = ["さん", "様", "さま", "くん", "君", "ちゃん", "先生", "氏"]
            honorificPrefixes = []
            familyNameFirst = true
        case "zh":
            conjunctions = ["和", "跟", "与", "與", "及", "还有", "還有", "、", ","]
            suffixRules = []
            honorificSuffixes = ["先生", "女士", "小姐", "老师", "老師"]
            honorificPrefixes = ["老", "小"]
            familyNameFirst = true
        case "ko":
            conjunctions = ["와", "과", "하고", "랑", "이랑", ","]
            suffixRules = []
            honorificSuffixes = ["씨", "님"]
            honorificPrefixes = []
            familyNameFirst = true
        default:
            conjunctions = ["and", "&", "plus", ","]
            suffixRules = [("", ["'s", "s'"])]
            honorificSuffixes = []
            honorificPrefixes = ["mr", "mrs", "ms", "miss", "dr", "mister"]
            determiners = ["my", "our", "the"]
            familyNameFirst = false
        }
        undoing = Self.undoing(suffixRules, consonantEndings: consonantEndings)
    }

    /// The table as written in a pack (`Дмитрий: [Дима, Митя]`) made symmetric and lowercased:
    /// every name of a group leads to every other.
    static func symmetric(_ table: [String: [String]], key: (String) -> String) -> [String: [String]] {
        var out: [String: Set<String>] = [:]
        for (name, others) in table {
            let group = Set(([name] + others).map(key))
            for n in group { out[n, default: []].formUnion(group.subtracting([n])) }
        }
        return out.mapValues { $0.sorted() }
    }

    /// What a name token may be said as: its own forms, then each nickname's forms.
    ///
    /// ```swift
    /// forms.spokenForms(of: "дмитрий")   // [("дмитрий", exact), ("дмитрию", inflected), …, ("дима", synonym), ("диме", synonym), …]
    /// ```
    func spokenForms(of key: String) -> [(form: String, match: MatchKind)] {
        var out = forms(of: key).enumerated().map { ($0.element, $0.offset == 0 ? MatchKind.exact : .inflected) }
        for n in nicknames[key] ?? [] { out += forms(of: n).map { ($0, MatchKind.synonym) } }
        return out
    }

    /// Written forms a spoken token may come from, undoing the suffix rules (`Джону` → `Джон`,
    /// `Анне` → `Анна`), the token itself first. Used where no contact is written in the
    /// token's script, so nothing could have generated the inflected form ahead of time.
    func baseForms(of key: String) -> [String] {
        var out = [key]
        guard let last = key.utf8.last, let rules = undoing[last] else { return out }
        let bytes = Array(key.utf8), length = key.unicodeScalars.count
        for r in rules where length >= r.minLength && bytes.count >= r.said.count
            && bytes[(bytes.count - r.said.count)...].elementsEqual(r.said) {
            let base = String(decoding: bytes[..<(bytes.count - r.said.count)], as: UTF8.self) + r.written
            if !out.contains(base) { out.append(base) }
        }
        return out
    }

    /// A suffix rule undone: a form ending in `said` (UTF-8) is written with `written` instead,
    /// when it has at least `minLength` code points.
    struct Undoing: Sendable {
        var said: [UInt8]
        var written: String
        var minLength: Int
    }

    /// The suffix rules, then the consonant endings, undone, in that order, filed by the last
    /// UTF-8 byte of the ending said: only those whose ending the token ends in can apply.
    static func undoing(_ rules: [(ending: String, replacements: [String])], consonantEndings: [String]) -> [UInt8: [Undoing]] {
        var out: [UInt8: [Undoing]] = [:]
        for (ending, replacements) in rules {
            for r in replacements where !r.isEmpty {
                out[r.utf8.last!, default: []].append(Undoing(said: Array(r.utf8), written: ending, minLength: r.unicodeScalars.count + 2))
            }
        }
        for e in consonantEndings where !e.isEmpty {
            out[e.utf8.last!, default: []].append(Undoing(said: Array(e.utf8), written: "", minLength: e.unicodeScalars.count + 3))
        }
        return out
    }

    /// The forms a name token may take in a sentence, the written form first.
    func forms(of key: String) -> [String] {
        var out = [key]
        let length = key.unicodeScalars.count
        for (ending, replacements) in suffixRules where Self.hasSuffix(key, ending) && length > ending.unicodeScalars.count + 1 {
            let stem = Self.dropping(ending, from: key)
            out += replacements.map { stem + $0 }
        }
        if let last = key.last, length > 2, !consonantEndings.isEmpty, "бвгджзклмнпрстфхцчшщ".contains(last) {
            out += consonantEndings.map { key + $0 }
        }
        return out
    }

    /// Whether `text` ends in `suffix`, code point for code point (keys are normalized alike, so
    /// this is String's `hasSuffix` without its Unicode comparison, which dominated the time of
    /// reading names in Russian).
    @inline(__always) static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        let t = text.utf8, s = suffix.utf8
        return t.count >= s.count && t.suffix(s.count).elementsEqual(s)
    }

    /// `text` without `suffix`, which it ends in.
    @inline(__always) static func dropping(_ suffix: String, from text: String) -> String {
        String(decoding: text.utf8.dropLast(suffix.utf8.count), as: UTF8.self)
    }
}
