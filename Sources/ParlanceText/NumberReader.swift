import CICU

/// Reads numbers in an utterance: digits in the locale's notation, numbers spelled out in words
/// (cardinals and ordinals, in every case and gender ICU's spell-out rules know), Han numerals,
/// and combinations (`2 thousand`, `twenty five thousand`, `3万`).
///
/// The word table is generated at load from ICU's public spell-out rule sets: every value is
/// formatted with every rule set, tokenized and keyed with the locale's profile, and stored in a
/// trie over token keys. Looking a number up then costs a few dictionary probes per token, where
/// ICU's own (lenient) parser costs 8–520 µs and fails on common forms (`a hundred`, `hundertfünf`).
///
/// ```swift
/// let r = try TextAnalyzer.shared(for: LocaleID("fr")).numbers
/// r.value(of: "quatre-vingt-dix")     // 90
/// ```
public final class NumberReader: Sendable {
    public let profile: TextProfile
    private let trie: KeyTrie<Entry>
    private let decimal: HandlePool<OpaquePointer>?
    /// The number of spelled-out forms in the table.
    public let tableSize: Int
    /// Indefinite articles that read as "one" before a power word (`a hundred`).
    let articles: Set<String>
    /// Whether the locale groups thousands with a space (`1 000` in French and Russian).
    let groupsWithSpace: Bool
    /// Whether a digit after a Han unit counts in the next unit down (`两万五` is 25 000 in Chinese).
    let shortHanTail: Bool
    /// The word that may join the parts of a number: "a hundred and fifty", "hundertundeins".
    let connectors: [String]
    /// The token keys of each way a half is said after a number ("and a half", "с половиной").
    let halfPhrases: [[String]]
    /// A half written on to a number (`zweieinhalb`).
    let halfSuffix: String?
    /// Whether numbers may be written in kana (`いちまん`, `さんぜん`).
    let readsKana: Bool

    struct Entry: Sendable, Hashable {
        var value: Double
        var ordinal: Bool
        /// A bare power word (`thousand`, `million`) that multiplies the number before it.
        var multiplier: Bool
        /// A power word in the form it takes only after a number (`тысяч`, `millones`): no number alone.
        var afterNumber = false
    }

    /// Spelled-out values up to this bound are stored one by one; above it only round values.
    static let denseLimit = 1000

    init(profile: TextProfile) throws {
        self.profile = profile
        let locale = profile.locale.isBase ? "en" : profile.locale.icuID
        var builder = KeyTrie<Entry>.Builder()
        var status: Int32 = 0
        if let spell = pl_number_open(Int32(PL_NUM_SPELLOUT), locale, &status) {
            defer { pl_number_close(spell) }
            Self.addSpellOut(spell, profile: profile, into: &builder)
        }
        status = 0
        if let ord = pl_number_open(Int32(PL_NUM_ORDINAL), locale, &status) {
            defer { pl_number_close(ord) }
            for v in 1...1000 {
                if let s = Self.format(ord, Double(v), ruleset: nil) {
                    builder.insert(profile.tokenize(s).map(\.key), Entry(value: Double(v), ordinal: true, multiplier: false))
                }
            }
        }
        for (word, value) in NumberAliases.words(for: profile.locale.language) {
            builder.insert(profile.tokenize(word).map(\.key), Entry(value: value, ordinal: false, multiplier: false), replacing: true)
        }
        for (word, value) in NumberAliases.multipliers(for: profile.locale.language) {
            builder.insert(profile.tokenize(word).map(\.key), Entry(value: value, ordinal: false, multiplier: true), replacing: true)
        }
        articles = NumberAliases.articles(for: profile.locale.language)
        shortHanTail = profile.locale.language == "zh"
        readsKana = profile.locale.language == "ja"
        connectors = NumberAliases.connectors(for: profile.locale.language)
        let halves = NumberAliases.halves(for: profile.locale.language)
        halfPhrases = halves.phrases.map { profile.tokenize($0).map(\.key) }
        halfSuffix = halves.suffix
        tableSize = builder.count
        trie = builder.build()
        status = 0
        var grouping = [UInt16](repeating: 0, count: 8)
        if let dec = pl_number_open(Int32(PL_NUM_DECIMAL), locale, &status) {
            var st: Int32 = 0
            let n = pl_number_symbol(dec, 1 /* UNUM_GROUPING_SEPARATOR_SYMBOL */, &grouping, 8, &st)
            grouping = Array(grouping[0..<Int(max(0, min(n, 8)))])
            decimal = HandlePool(prototype: dec, clone: { var st: Int32 = 0; return pl_number_clone($0, &st) },
                                 close: { pl_number_close($0) })
        } else {
            decimal = nil
        }
        groupsWithSpace = grouping.count == 1 && [0x20, 0xA0, 0x202F].contains(grouping[0])
    }

    static func format(_ f: OpaquePointer, _ v: Double, ruleset: [UInt16]?) -> String? {
        let out = try? ICU.utf16(capacity: 64, "unum_formatDouble") { dst, cap, st in
            if let r = ruleset {
                return r.withUnsafeBufferPointer { pl_number_format(f, v, $0.baseAddress, Int32($0.count), dst, cap, st) }
            }
            return pl_number_format(f, v, nil, 0, dst, cap, st)
        }
        return out.map { UTF16Fast.string($0) }
    }

    /// Fills the table from every public spell-out rule set except the year readings
    /// (`twenty one` would read as 2001).
    private static func addSpellOut(_ spell: OpaquePointer, profile: TextProfile, into b: inout KeyTrie<Entry>.Builder) {
        let names = (try? ICU.utf16(capacity: 1024, "UNUM_PUBLIC_RULESETS") { pl_number_public_rulesets(spell, $0, $1, $2) })
            .map { UTF16Fast.string($0) } ?? ""
        let sets = names.split(separator: ";").map(String.init).filter {
            $0.hasPrefix("%spellout-") && !$0.contains("year") && !$0.contains("financial") && !$0.contains("days")
        }
        // Values 0…199 in every rule set; up to 999 in the nominative ones; round values above.
        var values: [(Double, denseOnly: Bool)] = (0..<200).map { (Double($0), false) }
        values += (200..<denseLimit).map { (Double($0), true) }
        values += stride(from: 1000, through: 10_000, by: 100).map { (Double($0), false) }
        values += stride(from: 11_000, through: 100_000, by: 1000).map { (Double($0), false) }
        values += [1e6, 2e6, 5e6, 1e9].map { ($0, false) }
        let caseMarkers = ["genitive", "dative", "accusative", "locative", "ablative", "instrumental", "construct"]
        var ones: Set<String> = []
        for name in sets {
            let ruleset = Array(name.utf16)
            let ordinal = name.contains("ordinal")
            let oblique = caseMarkers.contains { name.contains($0) }
            var digitKeys: [Double: [String]] = [:]
            for (v, denseOnly) in values {
                if denseOnly && (oblique || ordinal) { continue }
                if ordinal && v > 1000 { continue }
                guard let s = format(spell, v, ruleset: ruleset) else { continue }
                let keys = profile.tokenize(s).map(\.key)
                b.insert(keys, Entry(value: v, ordinal: ordinal, multiplier: false))
                if !ordinal && v == 1 && keys.count == 1 { ones.insert(keys[0]) }
                if !ordinal && v >= 2 && v <= 9 { digitKeys[v] = keys }
                // "пять тысяч" → "тысяч", "cinco millones" → "millones": the power word in the
                // form it takes after a digit, a multiplier too ("5 тысяч").
                if !ordinal, v >= 2000, let p = [1e6, 1000].first(where: { v.truncatingRemainder(dividingBy: $0) == 0 }),
                   let d = digitKeys[v / p], keys.count == d.count + 1, Array(keys.prefix(d.count)) == d {
                    b.insert([keys[d.count]], Entry(value: p, ordinal: false, multiplier: true, afterNumber: true))
                }
                if !ordinal, [100.0, 1000, 1e6].contains(v) {
                    // "one thousand" → bare "thousand", a multiplier; "einhundert" → "hundert".
                    if keys.count == 2 && ones.contains(keys[0]) {
                        b.insert([keys[1]], Entry(value: v, ordinal: false, multiplier: true))
                    } else if keys.count == 1, let o = ones.filter({ keys[0].hasPrefix($0) && keys[0].count > $0.count }).max(by: { $0.count < $1.count }) {
                        b.insert([String(keys[0].dropFirst(o.count))], Entry(value: v, ordinal: false, multiplier: true))
                    }
                }
            }
        }
    }

    /// The value of a phrase that is a number and nothing else, or nil.
    public func value(of text: String) -> Double? {
        let tokens = profile.tokenize(text)
        let spans = find(in: tokens, text: text)
        guard spans.count == 1, spans[0].tokens == 0..<tokens.count else { return nil }
        return spans[0].value
    }

    /// Finds every number in `tokens` (the tokenization of `text`), longest readings first.
    ///
    /// - Complexity: O(n · k) for n tokens and k the longest spelled-out form (a few tokens).
    public func find(in tokens: [Token], text: String) -> [NumberSpan] {
        var spans: [NumberSpan] = []
        var i = 0
        while i < tokens.count {
            if let s = read(tokens, at: i) {
                spans.append(s)
                i = s.tokens.upperBound
            } else {
                i += 1
            }
        }
        return combine(addHalves(groupDigits(spans, tokens, text), tokens), tokens)
    }

    /// The end of a half said at token `start` ("and a half", "y medio"), or nil.
    func halfEnd(_ tokens: [Token], at start: Int) -> Int? {
        guard let p = halfPhrases.first(where: { p in
            start + p.count <= tokens.count && zip(p, tokens[start..<start + p.count]).allSatisfy { $0 == $1.key }
        }) else { return nil }
        return start + p.count
    }

    /// "two and a half", "два с половиной": a whole number and the half said after it, before a
    /// power word may multiply both ("две с половиной тысячи").
    private func addHalves(_ spans: [NumberSpan], _ tokens: [Token]) -> [NumberSpan] {
        guard !halfPhrases.isEmpty else { return spans }
        return spans.map { s in
            guard !s.isOrdinal, s.value == s.value.rounded(), let end = halfEnd(tokens, at: s.tokens.upperBound) else { return s }
            var s = s
            s.value += 0.5
            s.range = s.range.lowerBound..<tokens[end - 1].range.upperBound
            s.tokens = s.tokens.lowerBound..<end
            return s
        }
    }

    /// Joins `1` + `000` where the locale groups thousands with a space and exactly one space
    /// stands between them.
    private func groupDigits(_ spans: [NumberSpan], _ tokens: [Token], _ text: String) -> [NumberSpan] {
        guard groupsWithSpace, spans.count > 1 else { return spans }
        let units = Array(text.utf16)
        var out: [NumberSpan] = []
        for s in spans {
            if var last = out.last, last.source == "digits", s.source == "digits",
               last.tokens.upperBound == s.tokens.lowerBound, s.range.count == 3,
               tokens[s.tokens.lowerBound].key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
               s.range.lowerBound - last.range.upperBound == 1,
               last.range.upperBound < units.count, [0x20, 0xA0, 0x202F].contains(units[last.range.upperBound]),
               last.value == last.value.rounded() {
                last.value = last.value * 1000 + s.value
                last.range = last.range.lowerBound..<s.range.upperBound
                last.tokens = last.tokens.lowerBound..<s.tokens.upperBound
                out[out.count - 1] = last
            } else {
                out.append(s)
            }
        }
        return out
    }

    private func read(_ tokens: [Token], at i: Int) -> NumberSpan? {
        let t = tokens[i]
        if t.kind == .number, let v = digits(t) {
            if let han = HanNumerals.read(tokens, at: i, shortTail: shortHanTail, digits: digits) { return han }
            return NumberSpan(value: v, range: t.range, tokens: i..<i + 1, source: "digits")
        }
        var article = false
        var start = i
        if articles.contains(t.key), i + 1 < tokens.count {
            // A phrase with the article in it: "a couple of", "a dozen".
            if let (entry, end) = trie.longestMatch(tokens, from: i, key: \.key), end > i + 1 {
                return NumberSpan(value: entry.value, range: t.range.lowerBound..<tokens[end - 1].range.upperBound,
                                  tokens: i..<end, isOrdinal: entry.ordinal, source: "words")
            }
            // "a hundred", "an hour"… only before a power word.
            article = true
            start = i + 1
        }
        // Han numerals split by the word breaker (`三` | `千円`) read on past a number word.
        if !article, let han = HanNumerals.read(tokens, at: i, shortTail: shortHanTail, digits: digits), han.range.upperBound > t.range.upperBound { return han }
        if !article, readsKana, let kana = KanaNumerals.read(tokens, at: i) { return kana }
        if let (entry, end) = trie.longestMatch(tokens, from: start, key: \.key) {
            if article && !(entry.multiplier || entry.value == 100 || entry.value == 1000) { return nil }
            let v = article && !entry.multiplier ? entry.value : entry.value
            return NumberSpan(value: v, range: tokens[i].range.lowerBound..<tokens[end - 1].range.upperBound,
                              tokens: i..<end, isOrdinal: entry.ordinal,
                              source: entry.afterNumber ? "power" : entry.multiplier ? "multiplier" : "words")
        }
        if article { return nil }
        if let han = HanNumerals.read(tokens, at: i, shortTail: shortHanTail, digits: digits) { return han }
        if let c = compound(t, at: i) { return c }
        if t.key.unicodeScalars.count == 1, let u = t.key.unicodeScalars.first, let v = u.properties.numericValue,
           u.properties.generalCategory == .otherNumber || u.properties.generalCategory == .letterNumber {
            return NumberSpan(value: v, range: t.range, tokens: i..<i + 1, source: "digits")  // ½, Ⅻ
        }
        return nil
    }

    /// Digits in the locale's notation: `1.000` is a thousand in German, one in English.
    private func digits(_ t: Token) -> Double? {
        if t.key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), t.key.utf8.count <= 15 { return Double(t.key) }
        let units = Array(t.key.utf16)
        return decimal?.withHandle { f -> Double? in
            var pos: Int32 = 0
            var st: Int32 = 0
            let v = units.withUnsafeBufferPointer { pl_number_parse(f, $0.baseAddress!, Int32($0.count), &pos, &st) }
            return st <= 0 && Int(pos) == units.count ? v : nil
        } ?? nil
    }

    /// A word written as one token from several number words (`hundertfünf`,
    /// `dreitausendzweihundert`), split greedily into table entries and summed.
    private func compound(_ t: Token, at i: Int) -> NumberSpan? {
        guard t.kind == .word, t.key.utf8.count >= 4 else { return nil }
        var rest = Substring(t.key)
        var total = 0.0, section = 0.0
        var parts = 0
        var half = 0.0
        while !rest.isEmpty {
            // "zweieinhalb", "zweieinhalbtausend": a half written on.
            if parts > 0, half == 0, let h = halfSuffix, rest.hasPrefix(h) {
                half = 0.5
                section += 0.5
                rest = rest.dropFirst(h.count)
                continue
            }
            // "hundertundeins": the connector between two parts.
            if parts > 0, let c = connectors.first(where: { rest.hasPrefix($0) }), rest.count > c.count {
                rest = rest.dropFirst(c.count)
            }
            guard let (entry, len) = trie.longestPrefix(of: rest), parts > 0 || !entry.afterNumber else { return nil }
            rest = rest.dropFirst(len)
            parts += 1
            if entry.multiplier {
                section = (section == 0 ? 1 : section) * entry.value
                if entry.value >= 1000 {
                    total += section
                    section = 0
                }
            } else {
                section += entry.value
            }
        }
        guard parts >= 2 || (parts == 1 && half > 0) else { return nil }
        return NumberSpan(value: total + section, range: t.range, tokens: i..<i + 1, source: "compound")
    }

    /// Joins adjacent spans that are parts of one number: `twenty five` + `thousand`,
    /// `2` + `thousand`, `two thousand` + `five hundred`.
    private func combine(_ spans: [NumberSpan], _ tokens: [Token]) -> [NumberSpan] {
        var out: [NumberSpan] = []
        for s in spans {
            // "a hundred and fifty", "two thousand and twenty": a connector after a round number.
            if var last = out.last, !last.isOrdinal, last.source != "digits", s.source == "words" || s.source == "compound",
               s.tokens.lowerBound == last.tokens.upperBound + 1, connectors.contains(tokens[last.tokens.upperBound].key),
               last.value >= 100, s.value < Self.magnitude(of: last.value) {
                last.value += s.value
                last.isOrdinal = s.isOrdinal
                last.range = last.range.lowerBound..<s.range.upperBound
                last.tokens = last.tokens.lowerBound..<s.tokens.upperBound
                last.source = "words"
                out[out.count - 1] = last
                continue
            }
            if var last = out.last, last.tokens.upperBound == s.tokens.lowerBound, !last.isOrdinal {
                if s.source == "multiplier" || s.source == "power", last.value < s.value, last.source != "multiplier", last.source != "power" {
                    last.value *= s.value
                } else if last.value >= 100, s.value < Self.magnitude(of: last.value), s.source != "digits", last.source != "digits" {
                    last.value += s.value
                    last.isOrdinal = s.isOrdinal
                } else {
                    out.append(s)
                    continue
                }
                last.range = last.range.lowerBound..<s.range.upperBound
                last.tokens = last.tokens.lowerBound..<s.tokens.upperBound
                last.source = "words"
                out[out.count - 1] = last
            } else {
                out.append(s)
            }
        }
        // A power word said after no number ("тысячи людей") is none.
        return out.compactMap { s in
            var s = s
            if s.source == "power" { return nil }
            if s.source == "multiplier" { s.source = "words" }
            return s
        }
    }

    /// The largest power of ten that divides `v` (300 → 100, 2000 → 1000).
    static func magnitude(of v: Double) -> Double {
        var m = 1.0
        while m < 1e12, v.truncatingRemainder(dividingBy: m * 10) == 0 { m *= 10 }
        return m
    }
}
