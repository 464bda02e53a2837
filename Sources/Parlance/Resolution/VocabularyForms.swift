/// The other ways a vocabulary phrase is said in a sentence: inflected where the language
/// inflects (`Beliebt` → `beliebte Filme`, `утренняя пробежка` → `начни утреннюю пробежку`)
/// and spaced where a compound name is heard as two words (`WenderPool` → `wender pool`).
/// Computed once per pack when its lists are compiled; each form carries a score below an exact
/// synonym's, so an exact phrase always wins.
struct VocabularyForms: Sendable {
    /// Scores of the forms, below `1` (the phrase as written).
    enum Score {
        static let inflected = 0.9
        static let respaced = 0.9
    }

    /// Suffix rewrites of a word as written to the forms a sentence may give it.
    let rules: [(ending: String, replacements: [String])]
    /// At most this many words of a phrase are inflected together (adjective and noun).
    static let maxInflectedWords = 3

    init(language: String) {
        switch language {
        case "de":
            // Adjectives before a noun: beliebt → beliebte, beliebten, beliebter, beliebtes, beliebtem.
            rules = [("t", ["te", "ten", "ter", "tes", "tem"]), ("ig", ["ige", "igen", "iger", "iges", "igem"]),
                     ("el", ["le", "len", "ler", "les"]), ("er", ["e", "en", "es", "em"]),
                     ("e", ["en", "er", "es", "em"])]
        case "fr":
            // Plurals made singular too: the app's "Populaires" said "un film populaire".
            rules = [("", ["s", "e", "es"]), ("al", ["aux", "ale", "ales"]), ("eux", ["euse", "euses"]), ("s", [""]),
                     ("aux", ["al"])]
        case "es", "it", "pt":
            rules = [("o", ["a", "os", "as"]), ("e", ["es"]), ("a", ["as"]), ("", ["s", "es"]), ("os", ["o", "a"]),
                     ("as", ["a"]), ("es", ["", "e"])]
        case "ru", "uk", "be":
            // Adjectives (утренняя → утреннюю, быстрый → быстрого) and nouns in -а/-я (пробежка → пробежку).
            rules = [("ая", ["ую", "ой", "ые", "ых"]), ("яя", ["юю", "ей", "ие", "их"]), ("ый", ["ого", "ому", "ым", "ом", "ые", "ых"]),
                     ("ий", ["его", "ему", "им", "ем", "ие", "их"]), ("ой", ["ого", "ому", "ым", "ом", "ые", "ых"]),
                     ("ое", ["ого", "ому", "ым", "ом"]), ("ее", ["его", "ему", "им", "ем"]),
                     ("а", ["у", "ы", "е", "ой"]), ("я", ["ю", "и", "е", "ей"]), ("ь", ["и", "ью"])]
        default:
            rules = []
        }
    }

    /// Each word's forms, the written form first.
    func forms(ofWord w: String) -> [String] {
        var out = [w]
        let lower = w.lowercased()
        for (ending, replacements) in rules where lower.hasSuffix(ending) && lower.count > ending.count + 2 {
            let stem = lower.dropLast(ending.count)
            out += replacements.map { stem + $0 }
        }
        return out
    }

    /// The phrase's other forms with their scores and how they match: inflections of its
    /// words (every word alike, as an adjective agrees with its noun), then spacings.
    ///
    /// - Complexity: O(r^k) for r rules and k ≤ `maxInflectedWords` words; vocabulary phrases
    ///   are a few words long.
    func variants(of phrase: String) -> [(said: String, score: Double, match: MatchKind)] {
        var out: [(String, Double, MatchKind)] = []
        var seen: Set<String> = [phrase.lowercased()]
        let words = phrase.split(separator: " ").map(String.init)
        if !rules.isEmpty, !words.isEmpty, words.count <= Self.maxInflectedWords {
            var combos: [[String]] = [[]]
            for w in words { combos = combos.flatMap { c in forms(ofWord: w).map { c + [$0] } } }
            for c in combos {
                let s = c.joined(separator: " ")
                if seen.insert(s.lowercased()).inserted { out.append((s, Score.inflected, .inflected)) }
            }
        }
        for s in AppNames.respaced(phrase) where seen.insert(s.lowercased()).inserted {
            out.append((s, Score.respaced, .folded))
        }
        return out
    }
}
