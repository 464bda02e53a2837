/// Chinese and Japanese numerals read character by character: `二十一`, `两百`, `一百零五`,
/// `三千五百`, `两万五千`, with an optional counter or measure word after them (`三人`), and digits
/// with a Han magnitude after them (`8万`, `1.5万`, `1万2千`).
enum HanNumerals {
    static let digitValues: [Character: Double] = [
        "〇": 0, "零": 0, "一": 1, "壱": 1, "二": 2, "弐": 2, "两": 2, "兩": 2, "三": 3, "参": 3, "四": 4,
        "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]
    static let smallUnits: [Character: Double] = ["十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000]
    static let largeUnits: [Character: Double] = ["万": 1e4, "萬": 1e4, "亿": 1e8, "億": 1e8]
    /// Counters and measure words that may follow a numeral in the same token.
    static let counters: Set<Character> = Set("个個位人名辆輛台張张本枚杯次回件只隻条條块塊元円分秒時时点點号號日天年月週周歳岁度倍階层層つ匹頭头冊足着口家间間份首部课課組组把瓶碗盒箱双雙対対套")

    /// One piece of a numeral: a Han character, or a run of digits (`1.5` in `1.5万`).
    enum Part: Equatable {
        case han(Character)
        case digits(Double)
    }

    static func isNumeral(_ c: Character) -> Bool {
        guard let u = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        return isNumeralScalar(u.value)
    }

    static func isUnit(_ c: Character) -> Bool { smallUnits[c] != nil || largeUnits[c] != nil }

    /// The numeral characters as scalars, for a check that needs no hashing.
    static let numeralScalars: Set<UInt32> = Set(
        (Array(digitValues.keys) + Array(smallUnits.keys) + Array(largeUnits.keys)).compactMap { $0.unicodeScalars.first?.value })

    @inline(__always)
    static func isNumeralScalar(_ v: UInt32) -> Bool {
        v >= 0x3007 && v <= 0x9FFF && numeralScalars.contains(v)
    }

    /// Reads a numeral at the start of token `i` (possibly continuing into touching tokens), or
    /// digits with a Han magnitude right after them (`5` + `千`, `1` + `万` + `2` + `千`).
    ///
    /// - Parameters:
    ///   - shortTail: whether a digit after a unit counts in the next unit down (`两万五` is
    ///     25 000 in Chinese; Japanese reads 二万五 as 20 005).
    ///   - digits: the value of a digits token in the locale's notation.
    static func read(_ tokens: [Token], at i: Int, shortTail: Bool, digits: (Token) -> Double?) -> NumberSpan? {
        let t = tokens[i]
        var parts: [Part] = []
        var end = i
        var endOffset = t.range.lowerBound
        var j = i
        if t.kind == .number {
            guard let v = digits(t), i + 1 < tokens.count, !tokens[i + 1].spaceBefore,
                  let next = tokens[i + 1].text.first, isUnit(next) else { return nil }
            parts = [.digits(v)]
            endOffset = t.range.upperBound
            j = i + 1
        } else {
            guard t.kind == .ideographic || t.kind == .kana, let first = t.key.unicodeScalars.first,
                  isNumeralScalar(first.value) else { return nil }
        }
        scan: while j < tokens.count {
            let tj = tokens[j]
            if j > i && tj.spaceBefore { break }
            if tj.kind == .number {
                // Digits go on a numeral only after a unit: `1万` + `2` + `千`.
                guard case .han(let u)? = parts.last, isUnit(u), let v = digits(tj) else { break }
                parts.append(.digits(v))
                endOffset = tj.range.upperBound
                end = j
                j += 1
                continue
            }
            guard tj.kind == .ideographic || tj.kind == .kana else { break }
            var offset = tj.range.lowerBound
            var consumedAll = true
            for c in tj.text {
                // Keys and texts of Han tokens align character for character (NFKC is identity).
                guard isNumeral(c) else {
                    consumedAll = false
                    if parts.isEmpty { return nil }
                    break
                }
                parts.append(.han(c))
                offset += c.utf16.count
                endOffset = offset
                end = j
            }
            if !consumedAll { break }
            j += 1
        }
        // A lone 一 inside a word (一起, 一下, 一些) is not a number.
        if parts == [.han("一")] {
            let rest = t.text.dropFirst()
            if let r = rest.first, !counters.contains(r) { return nil }
        }
        guard let v = value(parts, shortTail: shortTail) else { return nil }
        return NumberSpan(value: v, range: t.range.lowerBound..<endOffset, tokens: i..<end + 1, source: "han")
    }

    /// The value of a run of Han numeral characters, or nil when the run is not a number.
    static func value(_ chars: [Character], shortTail: Bool = false) -> Double? {
        value(chars.map(Part.han), shortTail: shortTail)
    }

    static func value(_ parts: [Part], shortTail: Bool) -> Double? {
        var total = 0.0, section = 0.0, current = 0.0
        var lastWasDigit = false
        var unitBefore: Double?
        var zero = false
        for p in parts {
            switch p {
            case .digits(let v):
                current = v
                lastWasDigit = false
            case .han(let c):
                if let d = digitValues[c] {
                    // Digit by digit, as in years and phone numbers: 二〇二六.
                    current = lastWasDigit ? current * 10 + d : d
                    if d == 0 { zero = true }
                    lastWasDigit = true
                    continue
                }
                let u: Double
                if let s = smallUnits[c] {
                    u = s
                    section += (current == 0 ? 1 : current) * u
                } else if let l = largeUnits[c] {
                    u = l
                    total += (section + current == 0 ? 1 : section + current) * u
                    section = 0
                } else {
                    return nil
                }
                current = 0
                lastWasDigit = false
                unitBefore = u
                continue
            }
        }
        // `一百五` is 150 and `两万五` 25 000: one digit after a unit of a hundred or more, no 零.
        if shortTail, !zero, let u = unitBefore, u >= 100, current > 0, current < 10, current == current.rounded(),
           parts.count >= 2 {
            let beforeLast = parts[parts.count - 2]
            if case .han(let c) = beforeLast, isUnit(c) { current *= u / 10 }
        }
        return total + section + current
    }
}

/// Japanese numbers written in kana, as speech recognition and people often write them:
/// `いちまん`, `さんぜん`, `ごひゃく`, `ろくにん`. Each reading is transliterated to its Han
/// numeral (`さんぜん` → `三千`) and the Han numeral read as usual.
///
/// The table is the readings of the digits and of each digit before 十, 百 and 千, with the sound
/// changes those take (さんびゃく, ろっぴゃく, はっせん); 万 and 億 follow any of them.
enum KanaNumerals {
    struct Term {
        let han: [Character]
        /// 0 for a digit, 1–3 for a multiple of 十, 百, 千; 4 and 8 for 万 and 億.
        let level: Int
    }

    static let digits: [(String, Character)] = [
        ("いち", "一"), ("に", "二"), ("さん", "三"), ("よん", "四"), ("ご", "五"), ("ろく", "六"), ("なな", "七"),
        ("しち", "七"), ("はち", "八"), ("きゅう", "九"),
    ]

    static let terms: [String: Term] = {
        var t: [String: Term] = [:]
        for (kana, han) in digits { t[kana] = Term(han: [han], level: 0) }
        let units: [(unit: String, han: Character, level: Int, changed: [String: String])] = [
            ("じゅう", "十", 1, [:]),
            ("ひゃく", "百", 2, ["さん": "さんびゃく", "ろく": "ろっぴゃく", "はち": "はっぴゃく"]),
            ("せん", "千", 3, ["さん": "さんぜん", "はち": "はっせん", "いち": "いっせん"]),
        ]
        for u in units {
            t[u.unit] = Term(han: [u.han], level: u.level)
            for (kana, han) in digits {
                let reading = u.changed[kana] ?? kana + u.unit
                t[reading] = Term(han: han == "一" ? [u.han] : [han, u.han], level: u.level)
            }
        }
        t["まん"] = Term(han: ["万"], level: 4)
        t["おく"] = Term(han: ["億"], level: 8)
        return t
    }()

    static let longestTerm = terms.keys.map(\.count).max() ?? 1

    /// Counters that make a lone digit or unit a number: `ろくにん`, `せんえん`.
    static let counters = ["にん", "めい", "えん", "まい", "かい", "ドル", "ユーロ"]
    /// Kana no word starts with: a reading that would leave one next is cut too long (`じゅうに|ん`).
    static let noStart: Set<Character> = Set("んゃゅょっー")

    /// Reads a kana number at the start of token `i`, possibly running on into touching tokens.
    static func read(_ tokens: [Token], at i: Int) -> NumberSpan? {
        let t = tokens[i]
        guard t.kind == .ideographic || t.kind == .kana, let c0 = t.text.first, terms.keys.contains(where: { $0.first == c0 }) else { return nil }
        // The touching kana tokens, as characters with the token each is in and its end offset.
        var chars: [(c: Character, token: Int, end: Int)] = []
        var j = i
        while j < tokens.count, j == i || !tokens[j].spaceBefore, tokens[j].kind == .ideographic || tokens[j].kind == .kana {
            var offset = tokens[j].range.lowerBound
            for c in tokens[j].text {
                offset += c.utf16.count
                chars.append((c, j, offset))
            }
            j += 1
            if chars.count > 24 { break }
        }
        var han: [Character] = []
        var pos = 0, terms = 0
        var sectionLevel = 4, largeLevel = Int.max
        var compound = false
        while pos < chars.count {
            var found: (Term, Int)?
            for len in stride(from: min(longestTerm, chars.count - pos), through: 1, by: -1) {
                guard let term = Self.terms[String(chars[pos..<pos + len].map(\.c))] else { continue }
                if pos + len < chars.count, noStart.contains(chars[pos + len].c) { continue }
                let fits = term.level >= 4 ? term.level < largeLevel : term.level < sectionLevel
                if fits { found = (term, len) }
                break
            }
            guard let (term, len) = found else { break }
            if term.level >= 4 {
                largeLevel = term.level
                sectionLevel = 4
            } else {
                sectionLevel = term.level
            }
            if term.han.count > 1 { compound = true }
            han += term.han
            pos += len
            terms += 1
        }
        guard terms > 0 else { return nil }
        let rest = String(chars[pos...].prefix(3).map(\.c))
        guard terms >= 2 || compound || counters.contains(where: rest.hasPrefix) else { return nil }
        guard let v = HanNumerals.value(han) else { return nil }
        let last = chars[pos - 1]
        return NumberSpan(value: v, range: t.range.lowerBound..<last.end, tokens: i..<last.token + 1, source: "kana")
    }
}
