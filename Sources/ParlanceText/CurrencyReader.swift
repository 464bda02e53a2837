import CICU

/// Reads currency amounts: a number with a currency symbol, ISO code or name before or after it,
/// in digits or words: `$20`, `20 bucks`, `twenty dollars`, `20 €`, `zwanzig Euro`,
/// `пятьсот рублей`, `5000円`, `两百块`, `€3,50`.
///
/// Names come from ICU's currency data for the locale (symbols, narrow symbols, display names
/// and every plural form), plus the head words those names share (`dollars` in "US dollars" and
/// "Australian dollars") and a small table of everyday words ICU does not know (`bucks`, `块`).
/// An ambiguous name goes to the locale's own currency when it is a candidate (`dollars` is AUD
/// in en-AU, USD in en-US), else to the most traded one. ICU's lenient currency parser is not
/// used: it misses `20 dollars`, `20 рублей` and every spelled-out amount.
public final class CurrencyReader: Sendable {
    public let profile: TextProfile
    /// The locale's currency (`ucurr_forLocale` on the locale with likely subtags), if any.
    public let localCurrency: String?
    private let names: KeyTrie<String>
    /// Every ISO code ICU knows in common use, for codes written in capitals (`20 USD`).
    private let codes: Set<String>
    /// Minor units (`cents`, `копеек`, `毛`) and what they are worth of the major one.
    private let minors: KeyTrie<MinorUnit>
    private let spoken: SpokenAmounts
    /// The locale's number reader, for a half said after the currency ("dos euros y medio").
    private let numberReader: NumberReader
    /// Articles that say "one" before a currency's name (`NumberAliases.currencyArticles`).
    private let articles: Set<String>
    /// Banknotes said by name, by match key, and what each is worth (`CurrencyAliases.banknotes`).
    private let banknotes: [String: Double]
    /// Articles said before a banknote's name.
    private let banknoteArticles: Set<String>
    /// Whether a banknote's name is an amount said alone (`CurrencyAliases.banknotes`).
    private let banknotesAlone: Bool
    /// The words for a banknote said before its worth, and the words between ("billet" "de").
    private let noteWords: Set<String>, noteLinks: Set<String>

    /// Most traded first: the tie-break for names several currencies share.
    static let preference = ["USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW",
                             "NOK", "NZD", "INR", "MXN", "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR",
                             "CZK", "AED", "TRY", "HUF", "CLP", "SAR", "PHP", "MYR", "COP", "RUB", "RON", "UAH"]

    init(profile: TextProfile, numbers: NumberReader) throws {
        self.profile = profile
        numberReader = numbers
        articles = NumberAliases.currencyArticles(for: profile.locale.language)
        let notes = CurrencyAliases.banknotes(for: profile.locale.language)
        banknotes = Dictionary(notes.words.map { (profile.key($0.0), $0.1) }, uniquingKeysWith: { a, _ in a })
        banknoteArticles = Set(notes.articles.map { profile.key($0) })
        banknotesAlone = notes.alone
        noteWords = Set(notes.noteWords.map { profile.key($0) })
        noteLinks = Set(notes.links.map { profile.key($0) })
        let locale = profile.locale.isBase ? "en_US" : profile.locale.maximized.icuID
        var code = [UInt16](repeating: 0, count: 4)
        var status: Int32 = 0
        let n = pl_currency_for_locale(locale, &code, &status)
        localCurrency = status <= 0 && n == 3 ? UTF16Fast.string(Array(code[0..<3])) : nil

        let all = (try? ICU.chars("ucurr_openISOCurrencies") { pl_currency_codes($0, $1, $2) }) ?? ""
        codes = Set(all.split(separator: ",").map(String.init))

        // name keys → candidate currencies
        var candidates: [[String]: Set<String>] = [:]
        var headCount: [String: Set<String>] = [:]
        for c in codes {
            let c16 = Array(c.utf16) + [0]
            var forms: Set<String> = []
            for kind: Int32 in [0, 1, 3] {
                if let s = Self.name(c16, locale, kind: kind) { forms.insert(s) }
            }
            for plural in ["zero", "one", "two", "few", "many", "other"] {
                if let s = Self.pluralName(c16, locale, plural) { forms.insert(s) }
            }
            for f in forms where f != c {
                let keys = profile.tokenize(f).map(\.key)
                guard !keys.isEmpty else { continue }
                candidates[keys, default: []].insert(c)
                if keys.count >= 2 {
                    for head in [keys.first!, keys.last!] where head.count >= 3 || Self.isWrittenInCJK(head) {
                        headCount[head, default: []].insert(c)
                    }
                }
            }
        }
        for (head, cs) in headCount where cs.count >= 2 && candidates[[head]] == nil {
            candidates[[head]] = cs
        }
        var builder = KeyTrie<String>.Builder()
        let local = localCurrency
        for (keys, cs) in candidates {
            builder.insert(keys, Self.choose(cs, local: local))
        }
        for (word, c) in CurrencyAliases.words(for: profile.locale.language, localCurrency: local) {
            Self.insert(profile.tokenize(word).map(\.key), c, into: &builder)
        }
        names = builder.build()
        spoken = SpokenAmounts(language: profile.locale.language, localCurrency: local)
        var minorBuilder = KeyTrie<MinorUnit>.Builder()
        for (word, unit) in spoken.minorUnits {
            Self.insert(profile.tokenize(word).map(\.key), unit, into: &minorBuilder)
        }
        minors = minorBuilder.build()
    }

    /// Adds a unit word; a Han one split in tokens (`块` `钱`) is also stored whole, as it is
    /// found written on after a numeral (`五块钱`).
    static func insert<T>(_ keys: [String], _ value: T, into builder: inout KeyTrie<T>.Builder) {
        builder.insert(keys, value, replacing: true)
        if keys.count > 1, keys.allSatisfy(isWrittenInCJK) { builder.insert([keys.joined()], value, replacing: true) }
    }

    /// Whether `s` has a scalar from U+3040 up (kana, ideographs, Hangul): a word of a script
    /// written without spaces, so a short one is still a whole name.
    static func isWrittenInCJK(_ s: String) -> Bool { s.unicodeScalars.contains { $0.value >= 0x3040 } }

    static func choose(_ cs: Set<String>, local: String?) -> String {
        if let l = local, cs.contains(l) { return l }
        for p in preference where cs.contains(p) { return p }
        return cs.min()!
    }

    private static func name(_ code: [UInt16], _ locale: String, kind: Int32) -> String? {
        var len: Int32 = 0
        var st: Int32 = 0
        guard let p = pl_currency_name(code, locale, kind, &len, &st), st <= 0, len > 0 else { return nil }
        return UTF16Fast.string(UnsafeBufferPointer(start: p, count: Int(len)))
    }

    private static func pluralName(_ code: [UInt16], _ locale: String, _ plural: String) -> String? {
        var len: Int32 = 0
        var st: Int32 = 0
        guard let p = pl_currency_plural_name(code, locale, plural, &len, &st), st <= 0, len > 0 else { return nil }
        return UTF16Fast.string(UnsafeBufferPointer(start: p, count: Int(len)))
    }

    /// The currency a phrase names (`dollars`, `€`, `российских рублей`), or nil.
    public func currency(named text: String) -> String? {
        let t = profile.tokenize(text)
        guard let (c, end) = names.longestMatch(t, from: 0, key: \.key), end == t.count else {
            if t.count == 1, codes.contains(t[0].text) { return t[0].text }
            return nil
        }
        return c
    }

    /// Finds amounts: a currency right before or right after a number, with the minor part said
    /// after it ("5 euros 50", "10 dollars and 25 cents", "3块5"), or a minor unit alone ("50 cents").
    ///
    /// - Complexity: O(n) in the number of tokens.
    public func find(in tokens: [Token], numbers found: [NumberSpan]) -> [AmountSpan] {
        let numbers = articlesAsOne(tokens, found)
        var out: [AmountSpan] = []
        var usedUpTo = 0
        var k = 0
        while k < numbers.count {
            let n = numbers[k]
            k += 1
            guard !n.isOrdinal, n.tokens.lowerBound >= usedUpTo else { continue }
            var amount: AmountSpan?
            var said: Double?
            // After: `20 €`, `twenty dollars`, `5000円`, or the rest of the same token (`两百块`).
            if let (c, end, tokenEnd) = currency(after: n, in: tokens) {
                amount = AmountSpan(amount: n.value, currencyCode: c, range: n.range.lowerBound..<end, tokens: n.tokens.lowerBound..<tokenEnd)
                said = 1
            } else if let (minor, end, tokenEnd) = unit(after: n, in: tokens, minors), n.value * minor.fraction < 1 {
                // A minor unit alone: `50 cents`, `五毛`.
                amount = AmountSpan(amount: n.value * minor.fraction, currencyCode: minor.code, range: n.range.lowerBound..<end,
                                    tokens: n.tokens.lowerBound..<tokenEnd)
                said = minor.fraction
            } else {
                // Before: `$20`, `€3,50`, `USD 20`.
                let start = n.tokens.lowerBound
                for b in stride(from: start - 1, through: max(usedUpTo, start - 3), by: -1) {
                    if let (c, cEnd) = currencyAt(tokens, b), cEnd == start {
                        amount = AmountSpan(amount: n.value, currencyCode: c, range: tokens[b].range.lowerBound..<n.range.upperBound,
                                            tokens: b..<n.tokens.upperBound)
                        break
                    }
                }
            }
            guard var a = amount else { continue }
            k = addMinorPart(to: &a, unit: said, tokens: tokens, numbers: numbers, next: k)
            out.append(a)
            usedUpTo = a.tokens.upperBound
        }
        return addingNotesOfWorth(to: addingBanknotes(to: out, tokens: tokens, numbers: numbers), tokens: tokens, numbers: numbers)
    }

    /// Words after a number that say what it counts ("10 de propina", "ten of them"); not
    /// "for" and its kin, which begin a payment's note ("twelve fifty for lunch").
    static let countingWords: Set<String> = ["de", "of"]

    /// Prices said as two bare numbers, the second its hundredths, without a currency word
    /// ("doce cincuenta", "doce con cincuenta", "twelve fifty", "двенадцать пятьдесят"): the
    /// amount in the locale's currency. Only where a number said bare after the currency's name
    /// is hundredths (not Japanese or Chinese), the first number below 1,000, the second 10 to
    /// 99, both whole, joined by nothing or by a connector that may come before a bare minor
    /// part ("con"), the second not followed by what it counts ("15 con 10 de propina"). What
    /// they mean depends on where they are said: a caller reads them only where an amount is
    /// expected, and confirms them.
    ///
    /// - Complexity: O(n) in the number of numbers.
    public func bareAmounts(in tokens: [Token], numbers: [NumberSpan]) -> [AmountSpan] {
        guard let local = localCurrency, spoken.bareFraction == 0.01 else { return [] }
        var out: [AmountSpan] = []
        for (n, m) in zip(numbers, numbers.dropFirst()) {
            guard !n.isOrdinal, !m.isOrdinal, n.value == n.value.rounded(), m.value == m.value.rounded(),
                  n.value >= 1, n.value < 1000, (10...99).contains(m.value) else { continue }
            let gap = m.tokens.lowerBound - n.tokens.upperBound
            guard gap == 0 && tokens[m.tokens.lowerBound].spaceBefore
                    || gap == 1 && spoken.bareConnectors.contains(tokens[n.tokens.upperBound].key) else { continue }
            // The second number counts something said after it ("15 con 10 de propina"): two
            // amounts, not a price.
            if m.tokens.upperBound < tokens.count, Self.countingWords.contains(tokens[m.tokens.upperBound].key) { continue }
            out.append(AmountSpan(amount: n.value + m.value / 100, currencyCode: local, range: n.range.lowerBound..<m.range.upperBound,
                                  tokens: n.tokens.lowerBound..<m.tokens.upperBound))
        }
        return out
    }

    /// How many banknotes the words right before token `i` count, and where they start: a
    /// number ("zwei Zehner", "deux billets"), or an indefinite article for one ("a fiver");
    /// nil when neither is there, or `free` says its tokens are another amount's.
    private func noteCount(before i: Int, tokens: [Token], numbers: [NumberSpan],
                           free: (Range<Int>) -> Bool) -> (start: Int, count: Double)? {
        if let n = numbers.last(where: { $0.tokens.upperBound == i && !$0.isOrdinal }), free(n.tokens) {
            return (n.tokens.lowerBound, n.value)
        }
        if i > 0, banknoteArticles.contains(tokens[i - 1].key), free(i - 1..<i) { return (i - 1, 1) }
        return nil
    }

    /// `found` with banknotes said by the word for one and their worth ("un billet de vingt",
    /// "deux billets de 50", "un billete de veinte"): the worth in the locale's currency, times
    /// the number before the word, if any. A worth that names its currency ("un billet de 20
    /// dollars") is an amount already. In text order.
    private func addingNotesOfWorth(to found: [AmountSpan], tokens: [Token], numbers: [NumberSpan]) -> [AmountSpan] {
        guard !noteWords.isEmpty, let local = localCurrency else { return found }
        var out = found
        func free(_ r: Range<Int>) -> Bool { !out.contains { $0.tokens.overlaps(r) } }
        for i in tokens.indices where noteWords.contains(tokens[i].key) && i + 2 < tokens.count && noteLinks.contains(tokens[i + 1].key) {
            guard let worth = numbers.first(where: { $0.tokens.lowerBound == i + 2 && !$0.isOrdinal }), free(i..<worth.tokens.upperBound) else { continue }
            var first = i, amount = worth.value
            if let (start, count) = noteCount(before: i, tokens: tokens, numbers: numbers, free: free) {
                first = start
                amount *= count
            }
            out.append(AmountSpan(amount: amount, currencyCode: local, range: tokens[first].range.lowerBound..<worth.range.upperBound,
                                  tokens: first..<worth.tokens.upperBound))
        }
        return out.count == found.count ? found : out.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `found` with the banknotes said by name (`nen Zwanni`, `einen Fuffi`, `zwei Zehner`,
    /// `a fiver`): each is its worth in the locale's currency, times the number right before
    /// it, or once after an indefinite article, which is part of the amount. In text order.
    private func addingBanknotes(to found: [AmountSpan], tokens: [Token], numbers: [NumberSpan]) -> [AmountSpan] {
        guard !banknotes.isEmpty, let local = localCurrency else { return found }
        var out = found
        func free(_ i: Int) -> Bool { !found.contains { $0.tokens.contains(i) } }
        for i in tokens.indices {
            guard let worth = banknotes[tokens[i].key], free(i) else { continue }
            var first = i, amount = worth
            if let (start, count) = noteCount(before: i, tokens: tokens, numbers: numbers, free: { free($0.lowerBound) }) {
                first = start
                amount = count * worth
            } else if !banknotesAlone {
                continue  // a note is counted or has its article: "the tenner-style hat" is no amount
            }
            out.append(AmountSpan(amount: amount, currencyCode: local, range: tokens[first].range.lowerBound..<tokens[i].range.upperBound,
                                  tokens: first..<i + 1))
        }
        return out.count == found.count ? found : out.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `numbers` with an article right before a currency's name read as one ("a dollar",
    /// "un euro"), in token order; an article that is part of a number ("a hundred") is not.
    private func articlesAsOne(_ tokens: [Token], _ numbers: [NumberSpan]) -> [NumberSpan] {
        guard !articles.isEmpty else { return numbers }
        var out: [NumberSpan] = []
        var k = 0
        for i in tokens.indices.dropLast() where articles.contains(tokens[i].key) {
            while k < numbers.count && numbers[k].tokens.lowerBound < i {
                out.append(numbers[k])
                k += 1
            }
            if k < numbers.count && numbers[k].tokens.lowerBound <= i { continue }
            // The name in words: "a $5 gift" is five dollars, not one.
            guard tokens[i + 1].text.first?.isLetter == true, currencyAt(tokens, i + 1) != nil else { continue }
            out.append(NumberSpan(value: 1, range: tokens[i].range, tokens: i..<i + 1, source: "words"))
        }
        return out + numbers[k...]
    }

    /// Adds what follows an amount as its minor part: `50` in "5 euros 50", "50 Cent" in
    /// "5 Euro und 50 Cent", `5` in `3块5` (tenths) and in `两毛五` (hundredths), a half in
    /// "dos euros y medio" and `一块半`. Returns the index of the first number left unread.
    ///
    /// - Parameters:
    ///   - unit: the unit named after the amount's number: its worth of the major one (1 for the
    ///     currency itself), or nil for a symbol before it (`$10`).
    private func addMinorPart(to a: inout AmountSpan, unit said: Double?, tokens: [Token], numbers: [NumberSpan], next: Int) -> Int {
        var k = next
        let tenths = spoken.bareFraction == 0.1
        // What a number said bare is worth here: hundredths after the currency's name; in
        // Chinese a tenth of the unit just named (`3块5`, `两毛五`); nothing after a symbol.
        var bare = said == 1 ? spoken.bareFraction : said.flatMap { tenths && $0 >= 0.1 ? $0 / 10 : nil }
        let unitSaid = said == 1
        for round in 0..<2 {
            var start = a.tokens.upperBound
            guard start < tokens.count else { break }
            // A half after the currency: "dos euros y medio"; Chinese writes 半 on (`一块半`).
            if round == 0, unitSaid, a.amount == a.amount.rounded() {
                if let end = numberReader.halfEnd(tokens, at: start) {
                    a.amount += 0.5
                    a.range = a.range.lowerBound..<tokens[end - 1].range.upperBound
                    a.tokens = a.tokens.lowerBound..<end
                    break
                }
                if let h = spoken.half.first(where: { tokens[start].text.hasPrefix($0) }), tokens[start].range.lowerBound == a.range.upperBound {
                    a.amount += 0.5
                    a.range = a.range.lowerBound..<a.range.upperBound + h.utf16.count
                    a.tokens = a.tokens.lowerBound..<start + 1
                    break
                }
            }
            var connector: String?
            if spoken.connectors.contains(tokens[start].key) {
                connector = tokens[start].key
                start += 1
            }
            guard k < numbers.count, numbers[k].tokens.lowerBound == start else { break }
            let m = numbers[k]
            guard !m.isOrdinal, m.value == m.value.rounded(), m.value < 100 else { break }
            if let (minor, end, tokenEnd) = unit(after: m, in: tokens, minors), m.value * minor.fraction < 1 {
                a.amount += m.value * minor.fraction
                a.range = a.range.lowerBound..<end
                a.tokens = a.tokens.lowerBound..<tokenEnd
                k += 1
                bare = tenths && minor.fraction >= 0.1 ? minor.fraction / 10 : nil
                continue
            }
            // Said bare, "5 euros 50": two digits right after the currency's name (one in Chinese),
            // and not before another currency.
            guard let fraction = bare, connector == nil || spoken.bareConnectors.contains(connector!),
                  m.value * fraction < 1, tenths ? m.value < 10 : m.value >= 10,
                  m.range.upperBound == tokens[m.tokens.upperBound - 1].range.upperBound,
                  currency(after: m, in: tokens) == nil, !countsSomething(m, tokens) else { break }
            a.amount += m.value * fraction
            a.range = a.range.lowerBound..<m.range.upperBound
            a.tokens = a.tokens.lowerBound..<m.tokens.upperBound
            k += 1
            break
        }
        return k
    }

    /// Whether a counter or measure word touches number `n` (`5个人`, `5点`): it counts that, it is
    /// no part of an amount.
    private func countsSomething(_ n: NumberSpan, _ tokens: [Token]) -> Bool {
        let end = n.tokens.upperBound
        guard end < tokens.count, !tokens[end].spaceBefore, let c = tokens[end].text.first else { return false }
        return HanNumerals.counters.contains(c)
    }

    /// A unit named right after number `n`: in the rest of its last token (`两百块`, `五毛钱`),
    /// possibly going on into the next tokens (`两百块` + `钱`), or in the tokens after it.
    /// Returns the unit, the end of its range and the end of its tokens.
    private func unit<T>(after n: NumberSpan, in tokens: [Token], _ trie: KeyTrie<T>) -> (T, Int, Int)? {
        let end = n.tokens.upperBound
        let last = tokens[end - 1]
        if n.range.upperBound < last.range.upperBound {
            let rest = String(last.key.unicodeScalars.dropFirst(last.key.unicodeScalars.count - (last.range.upperBound - n.range.upperBound)))
            if let (c, len) = trie.longestPrefix(of: Substring(rest)), len == rest.count || Self.isWrittenInCJK(rest) {
                // The unit may go on in the next tokens: `两百块` + `钱` is `两百块钱`.
                let unit = [String(rest.prefix(len))] + tokens[end..<min(end + 2, tokens.count)].map(\.key)
                if len == rest.count, let (c2, k) = trie.longestMatch(unit, from: 0, key: { $0 }), k > 1 {
                    return (c2, tokens[end + k - 2].range.upperBound, end + k - 1)
                }
                return (c, n.range.upperBound + rest.prefix(len).utf16.count, end)
            }
        }
        guard end < tokens.count, let (c, cEnd) = trie.longestMatch(tokens, from: end, key: \.key) else { return nil }
        return (c, tokens[cEnd - 1].range.upperBound, cEnd)
    }

    /// The currency named right after number `n`, by name or ISO code (`20 USD`).
    private func currency(after n: NumberSpan, in tokens: [Token]) -> (String, Int, Int)? {
        if let u = unit(after: n, in: tokens, names) { return u }
        let end = n.tokens.upperBound
        guard end < tokens.count, tokens[end].text.count == 3, codes.contains(tokens[end].text) else { return nil }
        return (tokens[end].text, tokens[end].range.upperBound, end + 1)
    }

    private func currencyAt(_ tokens: [Token], _ i: Int) -> (String, Int)? {
        guard i < tokens.count else { return nil }
        if let m = names.longestMatch(tokens, from: i, key: \.key) { return m }
        let t = tokens[i]
        if t.text.count == 3, codes.contains(t.text) { return (t.text, i + 1) }
        return nil
    }
}

/// Everyday currency words ICU's data does not have, per language.
enum CurrencyAliases {
    /// The currency "dollars" names: the locale's own dollar, else the US one.
    static func dollar(_ localCurrency: String?) -> String {
        ["USD", "AUD", "CAD", "NZD", "SGD", "HKD"].contains(localCurrency ?? "") ? localCurrency! : "USD"
    }

    /// Banknotes people name by their worth in the local currency ("nen Zwanni", "a fiver"),
    /// with their plurals, and the articles said before them.
    /// `alone`: the words are amounts said alone too, without an article or a count, where the
    /// language has no articles and the words mean nothing else in a sentence about money
    /// ("скинь Маше косарь").
    ///
    /// `noteWords` and `links`: the word for a banknote said before its worth, and what joins
    /// them ("un billet de vingt", "un billete de veinte").
    static func banknotes(for language: String)
        -> (words: [(String, Double)], articles: [String], alone: Bool, noteWords: [String], links: [String]) {
        switch language {
        case "de":
            return ([("zwanni", 20), ("zwannis", 20), ("zwanziger", 20), ("zwanzigern", 20), ("fuffi", 50), ("fuffis", 50),
                     ("fünfziger", 50), ("fünfzigern", 50), ("fünfer", 5), ("fünfern", 5), ("zehner", 10), ("zehnern", 10),
                     ("hunni", 100), ("hunnis", 100), ("hunderter", 100), ("hundertern", 100)],
                    // "den Fuffi zurückzahlen", "mit einem Zehner": a note with its article is one note.
                    ["ein", "einen", "einem", "nen", "n", "den", "der", "dem"], false, [], [])
        case "en":
            return ([("fiver", 5), ("fivers", 5), ("tenner", 10), ("tenners", 10)], ["a"], false, [], [])
        case "fr":
            return ([], ["un"], false, ["billet", "billets"], ["de"])
        case "es":
            return ([], ["un"], false, ["billete", "billetes"], ["de"])
        case "ru":
            // Slang for sums of roubles, in the cases they are said in: "косарь", "два косаря",
            // "пять косарей", "полтинник", "пятихатку", "сотку", "тыщу".
            let forms: [(String, Double)] = [("косарь", 1000), ("косаря", 1000), ("косарей", 1000), ("косарик", 1000),
                                             ("полтинник", 50), ("полтинника", 50), ("полтинников", 50),
                                             ("пятихатка", 500), ("пятихатку", 500), ("пятихатки", 500), ("пятихаток", 500),
                                             ("сотка", 100), ("сотку", 100), ("сотки", 100), ("соток", 100), ("сотен", 100),
                                             ("тыща", 1000), ("тыщу", 1000), ("тыщи", 1000), ("тыщ", 1000)]
            return (forms, [], true, [], [])
        default:
            return ([], [], false, [], [])
        }
    }

    static func words(for language: String, localCurrency: String?) -> [(String, String)] {
        let dollar = CurrencyAliases.dollar(localCurrency)
        switch language {
        case "en":
            return [("bucks", dollar), ("buck", dollar), ("dollars", dollar), ("dollar", dollar), ("quid", "GBP"),
                    ("pounds", "GBP"), ("pound", "GBP"), ("quids", "GBP"), ("yen", "JPY"), ("yuan", "CNY"), ("rmb", "CNY"),
                    ("euros", "EUR"), ("euro", "EUR"), ("rubles", "RUB"), ("roubles", "RUB"), ("rupees", "INR"),
                    ("francs", "CHF"), ("pesos", localCurrency == "MXN" ? "MXN" : "MXN")]
        case "de":
            return [("euro", "EUR"), ("euros", "EUR"), ("dollar", dollar), ("franken", "CHF"), ("pfund", "GBP"), ("yen", "JPY"),
                    ("rubel", "RUB"), ("kröten", "EUR"), ("mäuse", "EUR"), ("öcken", "EUR")]
        case "fr":
            return [("euros", "EUR"), ("euro", "EUR"), ("balles", "EUR"), ("dollars", dollar), ("dollar", dollar),
                    ("francs", "CHF"), ("livres", "GBP"), ("yens", "JPY"), ("yen", "JPY")]
        case "es":
            // With the diminutives said of small sums: "diez euritos", "cinco eurillos".
            return [("euros", "EUR"), ("euro", "EUR"), ("euritos", "EUR"), ("eurito", "EUR"), ("eurillos", "EUR"),
                    ("eurillo", "EUR"), ("pavos", "EUR"), ("pelas", "EUR"), ("dólares", dollar),
                    ("dolares", dollar), ("pesos", localCurrency == "EUR" ? "MXN" : (localCurrency ?? "MXN")), ("libras", "GBP")]
        case "it":
            return [("euro", "EUR"), ("dollari", dollar), ("sterline", "GBP")]
        case "pt":
            return [("reais", "BRL"), ("real", "BRL"), ("euros", "EUR"), ("dólares", dollar), ("pila", "BRL")]
        case "ru":
            // A pound said alone is sterling (ICU's names would make it the Egyptian one).
            return [("рублей", "RUB"), ("рубля", "RUB"), ("рубль", "RUB"), ("руб", "RUB"), ("р", "RUB"), ("₽", "RUB"),
                    ("баксов", "USD"), ("бакса", "USD"), ("долларов", "USD"), ("доллара", "USD"), ("доллар", "USD"),
                    ("евро", "EUR"), ("фунтов", "GBP"), ("фунта", "GBP"), ("фунт", "GBP"), ("фунтов стерлингов", "GBP"),
                    ("фунта стерлингов", "GBP"), ("франков", "CHF"), ("франка", "CHF"), ("франк", "CHF")]
        case "uk":
            return [("гривень", "UAH"), ("гривні", "UAH"), ("гривня", "UAH"), ("грн", "UAH")]
        case "ja":
            return [("円", "JPY"), ("えん", "JPY"), ("ドル", "USD"), ("ユーロ", "EUR"), ("元", "CNY"), ("ポンド", "GBP"), ("$", "USD")]
        case "zh":
            return [("块", "CNY"), ("块钱", "CNY"), ("塊", localCurrency ?? "CNY"), ("塊錢", localCurrency ?? "CNY"),
                    ("元", localCurrency == "TWD" ? "TWD" : "CNY"), ("圆", "CNY"), ("美金", "USD"), ("刀", "USD"), ("美刀", "USD"),
                    ("欧", "EUR"), ("港币", "HKD"), ("大洋", "CNY"), ("$", "USD")]
        case "ko":
            return [("원", "KRW"), ("달러", "USD"), ("유로", "EUR"), ("엔", "JPY")]
        case "tr":
            return [("lira", "TRY"), ("tl", "TRY"), ("dolar", "USD"), ("avro", "EUR"), ("euro", "EUR")]
        default:
            return []
        }
    }
}

/// What a minor unit is worth of its major one, and the currency it names when said alone.
struct MinorUnit: Sendable, Hashable {
    let code: String
    let fraction: Double
}

/// How a language says the minor part of an amount after the major one, as people say it:
/// "10 dollars and 25 cents", "zwanzig Euro fünfzig", "vingt euros cinquante",
/// "3 euros con 50", "20 рублей 50 копеек", "5ユーロ50セント", "3块5", "3元5角", "一块半".
struct SpokenAmounts: Sendable {
    /// Minor unit words and their worth.
    var minorUnits: [(String, MinorUnit)] = []
    /// Words between the major and the minor part ("and 25 cents", "con 50").
    var connectors: Set<String> = []
    /// Connectors that may come before a minor part said without its unit ("3 euros con 50").
    var bareConnectors: Set<String> = []
    /// What a number said bare after the major unit is worth: hundredths ("5 euros 50"), tenths
    /// in Chinese (`3块5`), nil where the minor unit is always said (Japanese).
    var bareFraction: Double?
    /// Words for a half after the major unit (`一块半`).
    var half: [String] = []

    init(language: String, localCurrency: String?) {
        let dollar = CurrencyAliases.dollar(localCurrency)
        func cents(_ words: [String], _ code: String, _ fraction: Double = 0.01) -> [(String, MinorUnit)] {
            words.map { ($0, MinorUnit(code: code, fraction: fraction)) }
        }
        bareFraction = 0.01
        switch language {
        case "en":
            minorUnits = cents(["cents", "cent"], dollar) + cents(["pence", "pennies", "penny"], localCurrency == "GBP" ? "GBP" : dollar)
            connectors = ["and"]
        case "de":
            minorUnits = cents(["cent", "cents"], "EUR") + cents(["rappen"], "CHF")
            connectors = ["und"]
        case "fr":
            minorUnits = cents(["centimes", "centime"], localCurrency == "CHF" ? "CHF" : "EUR")
            connectors = ["et"]
        case "es":
            minorUnits = cents(["céntimos", "céntimo", "centimos", "centimo"], "EUR") + cents(["centavos", "centavo"], localCurrency == "EUR" ? dollar : (localCurrency ?? dollar))
            connectors = ["con", "y"]
            bareConnectors = ["con"]
        case "it":
            minorUnits = cents(["centesimi", "centesimo"], "EUR")
            connectors = ["e"]
        case "pt":
            minorUnits = cents(["centavos", "centavo"], localCurrency ?? "BRL") + cents(["cêntimos"], "EUR")
            connectors = ["e"]
        case "ru":
            minorUnits = cents(["копеек", "копейки", "копейка", "копейку", "коп"], "RUB") + cents(["центов", "цента", "цент"], dollar)
                + cents(["евроцентов", "евроцента", "евроцент"], "EUR")
            connectors = ["и"]
        case "ja":
            minorUnits = cents(["セント"], dollar)
            bareFraction = nil
        case "zh":
            minorUnits = cents(["角", "毛", "毛钱", "角钱"], localCurrency ?? "CNY", 0.1) + cents(["分", "分钱"], localCurrency ?? "CNY")
            bareFraction = 0.1
            half = ["半"]
        default:
            bareFraction = nil
        }
    }
}
