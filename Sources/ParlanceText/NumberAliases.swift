/// Number words people say that ICU's spell-out rules do not produce, per language.
///
/// Russian collective numerals (`трое`, `пятерых`) count people, which is exactly what a party
/// size is; German `zwo` is how "zwei" is said on the phone and to assistants.
enum NumberAliases {
    static func words(for language: String) -> [(String, Double)] {
        switch language {
        case "ru":
            let collective: [(String, Double, [String])] = [
                ("двое", 2, ["двоих", "двоим", "двоими"]), ("трое", 3, ["троих", "троим", "троими"]),
                ("четверо", 4, ["четверых", "четверым", "четверыми"]), ("пятеро", 5, ["пятерых", "пятерым", "пятерыми"]),
                ("шестеро", 6, ["шестерых", "шестерым"]), ("семеро", 7, ["семерых", "семерым"]),
                ("восьмеро", 8, ["восьмерых"]), ("девятеро", 9, ["девятерых"]), ("десятеро", 10, ["десятерых"]),
            ]
            return collective.flatMap { w, v, forms in [(w, v)] + forms.map { ($0, v) } }
                + [("полтора", 1.5), ("полторы", 1.5), ("пара", 2)]
        case "uk":
            return [("двоє", 2), ("троє", 3), ("четверо", 4), ("п'ятеро", 5)]
        case "de":
            return [("zwo", 2), ("einem", 1), ("einer", 1), ("dutzend", 12), ("anderthalb", 1.5), ("eineinhalb", 1.5)]
        case "en":
            return [("dozen", 12), ("a dozen", 12), ("a couple of", 2), ("a pair of", 2), ("oh", 0), ("nought", 0)]
        case "fr":
            return [("septante", 70), ("huitante", 80), ("octante", 80), ("nonante", 90), ("une douzaine", 12)]
        case "es":
            return [("una docena", 12), ("un par de", 2)]
        case "it":
            return [("una dozzina", 12), ("un paio di", 2)]
        case "ja":
            return [("ひとり", 1), ("ふたり", 2), ("一人", 1), ("二人", 2), ("ひとつ", 1), ("ふたつ", 2), ("みっつ", 3),
                    ("よっつ", 4), ("いつつ", 5)]
        default:
            return []
        }
    }

    /// Power words people say or write that ICU's rules do not have: "five grand" is 5000.
    static func multipliers(for language: String) -> [(String, Double)] {
        switch language {
        case "en": return [("grand", 1000)]
        // Written short, as recognizers write them: "2 тыс рублей", "1,5 млн".
        case "ru": return [("тыс", 1000), ("млн", 1_000_000)]
        default: return []
        }
    }

    /// How a half is said after a whole number: "two and a half", "deux et demi", "dos y medio",
    /// "два с половиной"; German writes it on to the number (`zweieinhalb`).
    static func halves(for language: String) -> (phrases: [String], suffix: String?) {
        switch language {
        case "en": return (["and a half"], nil)
        case "fr": return (["et demi", "et demie"], nil)
        case "es": return (["y medio", "y media"], nil)
        case "it": return (["e mezzo", "e mezza"], nil)
        case "pt": return (["e meio", "e meia"], nil)
        case "ru": return (["с половиной"], nil)
        case "de": return ([], "einhalb")
        default: return ([], nil)
        }
    }

    /// Words that join a round number to the rest of it: "a hundred and five", "hundertundfünf".
    static func connectors(for language: String) -> [String] {
        switch language {
        case "en": return ["and"]
        case "de": return ["und"]
        default: return []
        }
    }

    /// Indefinite articles, in every gender and case, that mean "one" before a currency's
    /// name: "a dollar", "un euro", "una libra", "einen Euro", "une livre".
    static func currencyArticles(for language: String) -> Set<String> {
        switch language {
        case "en": return ["a", "an"]
        case "de": return ["ein", "eine", "einen", "einem"]
        case "nl": return ["een"]
        case "es", "it": return ["un", "una", "uno"]
        case "pt": return ["um", "uma"]
        case "fr": return ["un", "une"]
        default: return []
        }
    }

    /// Indefinite articles that mean "one" before a power word: "a hundred", "a thousand".
    static func articles(for language: String) -> Set<String> {
        switch language {
        case "en": return ["a", "an"]
        case "de": return ["ein", "eine"]
        case "nl": return ["een"]
        case "es": return ["un"]
        case "pt": return ["um"]
        case "it": return ["un"]
        default: return []
        }
    }
}
