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
            return [("zwo", 2), ("einem", 1), ("einer", 1), ("dutzend", 12)]
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

/// Chinese and Japanese numerals read character by character: `二十一`, `两百`, `一百零五`,
/// `三千五百`, `两万五千`, `5千`, with an optional counter or measure word after them (`三人`).
enum HanNumerals {
    static let digitValues: [Character: Double] = [
        "〇": 0, "零": 0, "一": 1, "壱": 1, "二": 2, "弐": 2, "两": 2, "兩": 2, "三": 3, "参": 3, "四": 4,
        "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]
    static let smallUnits: [Character: Double] = ["十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000]
    static let largeUnits: [Character: Double] = ["万": 1e4, "萬": 1e4, "亿": 1e8, "億": 1e8]
    /// Counters and measure words that may follow a numeral in the same token.
    static let counters: Set<Character> = Set("个個位人名辆輛台張张本枚杯次回件只隻条條块塊元円分秒時时点點号號日天年月週周歳岁度倍階层層つ匹頭头冊足着口家间間份首部课課組组把瓶碗盒箱双雙対対套")

    static func isNumeral(_ c: Character) -> Bool {
        guard let u = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        return isNumeralScalar(u.value)
    }

    /// The numeral characters as scalars, for a check that needs no hashing.
    static let numeralScalars: Set<UInt32> = Set(
        (Array(digitValues.keys) + Array(smallUnits.keys) + Array(largeUnits.keys)).compactMap { $0.unicodeScalars.first?.value })

    @inline(__always)
    static func isNumeralScalar(_ v: UInt32) -> Bool {
        v >= 0x3007 && v <= 0x9FFF && numeralScalars.contains(v)
    }

    /// Reads a numeral at the start of token `i` (possibly continuing into touching tokens), or
    /// after a digits token (`5` + `千`).
    static func read(_ tokens: [Token], at i: Int) -> NumberSpan? {
        let t = tokens[i]
        guard t.kind == .ideographic || t.kind == .kana, let first = t.key.unicodeScalars.first,
              isNumeralScalar(first.value) else { return nil }
        var chars: [Character] = []
        var end = i
        var endOffset = t.range.lowerBound
        var j = i
        scan: while j < tokens.count {
            let tj = tokens[j]
            if j > i && (tj.spaceBefore || !(tj.kind == .ideographic || tj.kind == .kana)) { break }
            var offset = tj.range.lowerBound
            var consumedAll = true
            for c in tj.text {
                // Keys and texts of Han tokens align character for character (NFKC is identity).
                guard isNumeral(c) else {
                    consumedAll = false
                    if chars.isEmpty { return nil }
                    if !counters.contains(c) && j == end && offset == tj.range.lowerBound { break scan }
                    break
                }
                chars.append(c)
                offset += c.utf16.count
                endOffset = offset
                end = j
            }
            if !consumedAll { break }
            j += 1
        }
        // A lone 一 inside a word (一起, 一下, 一些) is not a number.
        if chars == ["一"] {
            let rest = t.text.dropFirst()
            if let r = rest.first, !counters.contains(r) { return nil }
        }
        guard let v = value(chars) else { return nil }
        return NumberSpan(value: v, range: t.range.lowerBound..<endOffset, tokens: i..<end + 1, source: "han")
    }

    /// The value of a run of Han numeral characters, or nil when the run is not a number.
    static func value(_ chars: [Character]) -> Double? {
        var total = 0.0, section = 0.0, current = 0.0
        var lastWasDigit = false
        for c in chars {
            if let d = digitValues[c] {
                // Digit by digit, as in years and phone numbers: 二〇二六.
                current = lastWasDigit ? current * 10 + d : d
                lastWasDigit = true
            } else if let u = smallUnits[c] {
                section += (current == 0 ? 1 : current) * u
                current = 0
                lastWasDigit = false
            } else if let u = largeUnits[c] {
                total += (section + current == 0 ? 1 : section + current) * u
                section = 0
                current = 0
                lastWasDigit = false
            } else {
                return nil
            }
        }
        return total + section + current
    }
}
