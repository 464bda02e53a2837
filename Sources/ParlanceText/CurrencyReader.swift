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

    /// Most traded first: the tie-break for names several currencies share.
    static let preference = ["USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW",
                             "NOK", "NZD", "INR", "MXN", "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR",
                             "CZK", "AED", "TRY", "HUF", "CLP", "SAR", "PHP", "MYR", "COP", "RUB", "RON", "UAH"]

    init(profile: TextProfile, numbers: NumberReader) throws {
        self.profile = profile
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
                    for head in [keys.first!, keys.last!] where head.count >= 3 || Self.isHan(head) {
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
            builder.insert(profile.tokenize(word).map(\.key), c, replacing: true)
        }
        names = builder.build()
    }

    static func isHan(_ s: String) -> Bool { s.unicodeScalars.contains { $0.value >= 0x3040 } }

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

    /// Finds amounts: a currency right before or right after a number.
    ///
    /// - Complexity: O(n) in the number of tokens.
    public func find(in tokens: [Token], numbers: [NumberSpan]) -> [AmountSpan] {
        var out: [AmountSpan] = []
        var usedUpTo = 0
        for n in numbers where !n.isOrdinal {
            let end = n.tokens.upperBound
            let last = tokens[end - 1]
            // After: `20 €`, `twenty dollars`, `5000円`, or the rest of the same token (`两百块`).
            if n.range.upperBound < last.range.upperBound {
                let rest = String(last.key.unicodeScalars.dropFirst(last.key.unicodeScalars.count - (last.range.upperBound - n.range.upperBound)))
                if let (c, len) = names.longestPrefix(of: Substring(rest)), len == rest.count || Self.isHan(rest) {
                    // The unit may go on in the next tokens: `两百块` + `钱` is `两百块钱`.
                    let unit = [String(rest.prefix(len))] + tokens[end..<min(end + 2, tokens.count)].map(\.key)
                    if len == rest.count, let (c2, k) = names.longestMatch(unit, from: 0, key: { $0 }), k > 1 {
                        out.append(AmountSpan(amount: n.value, currencyCode: c2, range: n.range.lowerBound..<tokens[end + k - 2].range.upperBound,
                                              tokens: n.tokens.lowerBound..<end + k - 1))
                        usedUpTo = end + k - 1
                        continue
                    }
                    out.append(AmountSpan(amount: n.value, currencyCode: c,
                                          range: n.range.lowerBound..<n.range.upperBound + rest.prefix(len).utf16.count, tokens: n.tokens))
                    usedUpTo = end
                    continue
                }
            }
            if let (c, cEnd) = currencyAt(tokens, end) {
                out.append(AmountSpan(amount: n.value, currencyCode: c, range: n.range.lowerBound..<tokens[cEnd - 1].range.upperBound,
                                      tokens: n.tokens.lowerBound..<cEnd))
                usedUpTo = cEnd
                continue
            }
            // Before: `$20`, `€3,50`, `USD 20`.
            let start = n.tokens.lowerBound
            for k in stride(from: start - 1, through: max(usedUpTo, start - 3), by: -1) {
                if let (c, cEnd) = currencyAt(tokens, k), cEnd == start {
                    out.append(AmountSpan(amount: n.value, currencyCode: c, range: tokens[k].range.lowerBound..<n.range.upperBound,
                                          tokens: k..<n.tokens.upperBound))
                    usedUpTo = n.tokens.upperBound
                    break
                }
            }
        }
        return out
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
    static func words(for language: String, localCurrency: String?) -> [(String, String)] {
        let dollar = ["USD", "AUD", "CAD", "NZD", "SGD", "HKD"].contains(localCurrency ?? "") ? localCurrency! : "USD"
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
            return [("euros", "EUR"), ("euro", "EUR"), ("pavos", "EUR"), ("pelas", "EUR"), ("dólares", dollar),
                    ("dolares", dollar), ("pesos", localCurrency == "EUR" ? "MXN" : (localCurrency ?? "MXN")), ("libras", "GBP")]
        case "it":
            return [("euro", "EUR"), ("dollari", dollar), ("sterline", "GBP")]
        case "pt":
            return [("reais", "BRL"), ("real", "BRL"), ("euros", "EUR"), ("dólares", dollar), ("pila", "BRL")]
        case "ru":
            return [("рублей", "RUB"), ("рубля", "RUB"), ("рубль", "RUB"), ("руб", "RUB"), ("р", "RUB"), ("₽", "RUB"),
                    ("баксов", "USD"), ("бакса", "USD"), ("долларов", "USD"), ("доллара", "USD"), ("доллар", "USD"),
                    ("евро", "EUR"), ("копеек", "RUB")]
        case "uk":
            return [("гривень", "UAH"), ("гривні", "UAH"), ("гривня", "UAH"), ("грн", "UAH")]
        case "ja":
            return [("円", "JPY"), ("えん", "JPY"), ("ドル", "USD"), ("ユーロ", "EUR"), ("元", "CNY"), ("ポンド", "GBP")]
        case "zh":
            return [("块", "CNY"), ("块钱", "CNY"), ("塊", localCurrency ?? "CNY"), ("塊錢", localCurrency ?? "CNY"),
                    ("元", localCurrency == "TWD" ? "TWD" : "CNY"), ("圆", "CNY"), ("美金", "USD"), ("刀", "USD"), ("欧", "EUR")]
        case "ko":
            return [("원", "KRW"), ("달러", "USD"), ("유로", "EUR"), ("엔", "JPY")]
        case "tr":
            return [("lira", "TRY"), ("tl", "TRY"), ("dolar", "USD"), ("avro", "EUR"), ("euro", "EUR")]
        default:
            return []
        }
    }
}
