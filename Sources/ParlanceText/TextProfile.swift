import CICU

/// How one locale turns text into match keys: case folding (Turkic or not), which diacritics may
/// be folded, word segmentation, and the Latin transliteration used for cross-script matching.
///
/// A profile is immutable and `Sendable`; the ICU objects it needs per call (break iterator,
/// transliterator) are borrowed from pools, so one profile serves any number of threads.
///
/// ```swift
/// let tr = try TextProfile(locale: LocaleID("tr"))
/// tr.key("İSTANBUL")                          // "istanbul"
/// tr.tokenize("Aç kapıyı!").map(\.key)        // ["ac", "kapiyi"]
/// ```
public final class TextProfile: Sendable {
    public let locale: LocaleID
    /// Dotted and dotless I are folded the Turkish and Azeri way before anything else.
    public let turkicCase: Bool
    /// Whether combining marks on Latin, Greek, Cyrillic, Arabic and Hebrew letters are dropped.
    /// Off for Vietnamese, whose tones are the words. Never applied to other scripts (Japanese
    /// dakuten, Thai and Indic vowel signs carry meaning).
    public let foldsDiacritics: Bool
    /// Base letters whose following mark is kept even when diacritics fold (Russian `й`).
    let keptMarks: Set<KeptMark>
    /// Whether the locale writes words without spaces (ja, zh, th, km, lo, my).
    public let isUnspaced: Bool

    private let breaks: HandlePool<OpaquePointer>
    private let latinTransliterator: TransliteratorPool?

    struct KeptMark: Hashable { let base: UInt32; let mark: UInt32 }

    /// The scripts whose marks may be folded (see ICU-NOTES: never Japanese, Thai or Indic).
    static let foldableScripts: Set<Int32> = [25 /*Latn*/, 14 /*Grek*/, 8 /*Cyrl*/, 2 /*Arab*/, 19 /*Hebr*/]
    static let inheritedScript: Int32 = 1
    static let commonScript: Int32 = 0
    /// Unicode's stream-safe limit: more than this many marks in a row are dropped (UAX #15).
    static let maxNonStarters = 30

    public init(locale: LocaleID) throws {
        self.locale = locale
        let lang = locale.language
        turkicCase = lang == "tr" || lang == "az"
        foldsDiacritics = lang != "vi"
        if ["ru", "uk", "be", "bg"].contains(lang) {
            // й and Й are letters of their own; ё folds to е as Russians write it anyway.
            keptMarks = [KeptMark(base: 0x0438, mark: 0x0306), KeptMark(base: 0x0418, mark: 0x0306)]
        } else {
            keptMarks = []
        }
        isUnspaced = ["ja", "zh", "th", "km", "lo", "my", "yue"].contains(lang)
        var status: Int32 = 0
        let breakLocale = locale.isBase ? "en" : locale.icuID
        guard let proto = pl_break_open_word(breakLocale, &status) else {
            throw ICUError(operation: "ubrk_open(\(breakLocale))", code: status)
        }
        breaks = HandlePool(
            prototype: proto,
            clone: { p in
                var st: Int32 = 0
                return pl_break_clone(p, &st)
            },
            close: { pl_break_close($0) })
        latinTransliterator = try? TransliteratorPool.shared(id: "Any-Latin; Latin-ASCII")
    }

    /// The match key of a phrase: its tokens' keys joined by single spaces (no spaces between
    /// the tokens of unspaced scripts that touch in the source).
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func key(_ text: String) -> String {
        joinedKey(tokenize(text))
    }

    /// Joins token keys the way `key(_:)` does.
    public func joinedKey(_ tokens: [Token]) -> String {
        var out = ""
        for (i, t) in tokens.enumerated() {
            if i > 0 && (t.spaceBefore || !isUnspaced) { out += " " }
            out += t.key
        }
        return out
    }

    /// Splits `text` into tokens with ICU's word break rules (dictionary-based for Japanese,
    /// Chinese, Thai, Khmer, Lao and Burmese), drops spaces and punctuation, and keys each token.
    ///
    /// - Parameter latin: also compute each token's Latin key (costly for Han: ~6 µs a character).
    /// - Complexity: O(n) in the length of `text`.
    public func tokenize(_ text: String, latin: Bool = false) -> [Token] {
        let units = Array(text.utf16)
        if units.isEmpty { return [] }
        let segments: [Int32] = units.withUnsafeBufferPointer { buf in
            breaks.withHandle { handle -> [Int32] in
                var cap = units.count + 1
                while true {
                    var out = [Int32](repeating: 0, count: cap * 3)
                    var st: Int32 = 0
                    let n = out.withUnsafeMutableBufferPointer {
                        pl_break_segments(handle, buf.baseAddress!, Int32(buf.count),
                                          $0.baseAddress!, Int32(cap), &st)
                    }
                    if Int(n) <= cap { return Array(out[0..<Int(n) * 3]) }
                    cap = Int(n)
                }
            } ?? []
        }
        var tokens: [Token] = []
        tokens.reserveCapacity(segments.count / 6 + 1)
        var gap = false
        var i = 0
        while i < segments.count {
            let start = Int(segments[i]), end = Int(segments[i + 1]), status = segments[i + 2]
            i += 3
            let kind: Token.Kind?
            switch status {
            case 100..<200: kind = .number
            case 200..<300: kind = .word
            case 300..<400: kind = .kana
            case 400..<500: kind = .ideographic
            default: kind = Self.symbolKind(units[start..<end])
            }
            guard let k = kind else {
                gap = true
                continue
            }
            let slice = units[start..<end]
            tokens.append(Token(text: String(decoding: slice, as: UTF16.self), range: start..<end,
                                key: "", kind: k, spaceBefore: gap || tokens.isEmpty))
            gap = false
        }
        fillKeys(&tokens, units: units)
        if latin { fillLatin(&tokens) }
        return tokens
    }

    /// Punctuation is dropped; currency, math, other symbols and a few meaningful punctuation
    /// marks (`%`, `#`, `&`, `@`) are kept as tokens.
    static func symbolKind(_ slice: ArraySlice<UInt16>) -> Token.Kind? {
        guard let scalar = String(decoding: slice, as: UTF16.self).unicodeScalars.first else { return nil }
        switch scalar.properties.generalCategory {
        case .currencySymbol, .mathSymbol, .otherSymbol, .modifierSymbol: return .symbol
        case .otherPunctuation where "%‰#&@".unicodeScalars.contains(scalar): return .symbol
        default: return nil
        }
    }

    /// The match key of one piece of text, folded without tokenizing (for names and keys).
    public func foldedKey(_ text: String) -> String {
        var t = [Token(text: text, range: 0..<text.utf16.count, key: "", kind: .word, spaceBefore: true)]
        fillKeys(&t, units: Array(text.utf16))
        return t[0].key
    }

    /// Keys every token. ASCII tokens take a fast path; the others are folded in one batch, each
    /// token separated by U+0000 (which no normalization step touches), so that an utterance costs
    /// three ICU calls however many words it has.
    private func fillKeys(_ tokens: inout [Token], units: [UInt16]) {
        var batch: [UInt16] = []
        var batched: [Int] = []
        for (i, t) in tokens.enumerated() {
            let slice = units[t.range]
            if slice.allSatisfy({ $0 < 0x80 }) {
                tokens[i].key = String(decoding: slice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF16.self)
            } else {
                if !batched.isEmpty { batch.append(0) }
                Self.appendStreamSafe(slice, to: &batch)
                batched.append(i)
            }
        }
        guard !batched.isEmpty else { return }
        let folded = fold(batch)
        var start = 0
        var n = 0
        for (j, u) in folded.enumerated() where u == 0 {
            if n < batched.count { tokens[batched[n]].key = String(decoding: folded[start..<j], as: UTF16.self) }
            n += 1
            start = j + 1
        }
        if n < batched.count { tokens[batched[n]].key = String(decoding: folded[start...], as: UTF16.self) }
    }

    /// Copies `slice` with at most 30 combining marks in a row (Unicode's stream-safe format),
    /// which keeps normalization linear on adversarial input; drops U+0000 (the batch separator).
    static func appendStreamSafe(_ slice: ArraySlice<UInt16>, to out: inout [UInt16]) {
        var run = 0
        var it = slice.makeIterator()
        var decoder = UTF16()
        while case .scalarValue(let s) = decoder.decode(&it) {
            if s.value == 0 { continue }
            if s.properties.canonicalCombiningClass != .notReordered {
                run += 1
                if run > maxNonStarters { continue }
            } else {
                run = 0
            }
            out.append(contentsOf: s.utf16)
        }
    }

    /// Turkic case, NFKC_Casefold, decimal digits to ASCII, then (where allowed) NFD, dropping
    /// foldable marks, NFC, and dotless ı to i.
    private func fold(_ input: [UInt16]) -> [UInt16] {
        var s = input
        if turkicCase { s = Self.apply(s) { pl_fold_case($0, $1, $2, $3, 1, $4) } }
        s = Self.apply(s) { pl_nfkc_casefold($0, $1, $2, $3, $4) }
        guard foldsDiacritics else { return Self.asciiDigits(s) }
        s = Self.apply(s) { pl_nfd($0, $1, $2, $3, $4) }
        s = stripMarks(s)
        s = Self.apply(s) { pl_nfc($0, $1, $2, $3, $4) }
        return s
    }

    private static func apply(
        _ s: [UInt16],
        _ f: (UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) -> [UInt16] {
        s.withUnsafeBufferPointer { sp in
            (try? ICU.utf16(capacity: sp.count + sp.count / 4 + 8, "normalize") { dst, cap, st in
                f(sp.baseAddress ?? emptyUTF16, Int32(sp.count), dst, cap, st)
            }) ?? s
        }
    }

    /// Apostrophes that speech recognizers and keyboards use interchangeably.
    static func isApostrophe(_ v: UInt32) -> Bool { v == 0x2019 || v == 0x2018 || v == 0x02BC || v == 0xFF07 || v == 0x0060 }

    private static func asciiDigits(_ s: [UInt16]) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(s.count)
        var it = s.makeIterator()
        var d = UTF16()
        while case .scalarValue(let c) = d.decode(&it) {
            if c.value >= 0x80, c.properties.generalCategory == .decimalNumber,
               let v = c.properties.numericValue, v >= 0, v <= 9 {
                out.append(UInt16(0x30 + Int(v)))
            } else if isApostrophe(c.value) {
                out.append(0x27)
            } else {
                out.append(contentsOf: c.utf16)
            }
        }
        return out
    }

    private func stripMarks(_ s: [UInt16]) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(s.count)
        var baseScript = Self.commonScript
        var base: UInt32 = 0
        var it = s.makeIterator()
        var d = UTF16()
        while case .scalarValue(let c) = d.decode(&it) {
            let v = c.value
            if v >= 0x80, c.properties.generalCategory == .decimalNumber,
               let n = c.properties.numericValue, n >= 0, n <= 9 {
                out.append(UInt16(0x30 + Int(n)))
                baseScript = Self.commonScript
                continue
            }
            if Self.isApostrophe(v) {
                out.append(0x27)
                continue
            }
            if c.properties.generalCategory == .nonspacingMark {
                if Self.foldableScripts.contains(baseScript) && !keptMarks.contains(KeptMark(base: base, mark: v)) {
                    continue
                }
            } else if v == 0x0131 {  // ı: a Latin i without its dot, folded like the other marks
                out.append(0x69)
                baseScript = 25
                base = 0x69
                continue
            } else {
                base = v
                baseScript = v < 0x80 ? (c.properties.isAlphabetic ? 25 : Self.commonScript) : pl_script(Int32(bitPattern: v))
            }
            out.append(contentsOf: c.utf16)
        }
        return out
    }

    private func fillLatin(_ tokens: inout [Token]) {
        guard let trans = latinTransliterator else { return }
        for i in tokens.indices {
            if tokens[i].key.utf8.allSatisfy({ $0 < 0x80 }) {
                tokens[i].latin = tokens[i].key
                continue
            }
            let l = trans.transliterate(tokens[i].key)
            tokens[i].latin = foldedKey(l).filter { $0 != " " && $0 != "'" && $0 != "\u{2BC}" }
        }
    }

    /// The Latin ASCII key of a phrase (for names): `Шагомер` → `sagomer`, `步数` → `bushu`.
    public func latinKey(_ text: String) -> String {
        tokenize(text, latin: true).compactMap(\.latin).joined(separator: " ")
    }
}

/// Transliterators cost 10–20 ms to open and rule-based ones serialize on a process-wide lock
/// inside ICU; one pool per transliterator ID is shared by every profile.
final class TransliteratorPool: @unchecked Sendable {
    private let pool: HandlePool<OpaquePointer>
    private static let registryLock = NSLockShim()
    nonisolated(unsafe) private static var registry: [String: TransliteratorPool] = [:]

    static func shared(id: String) throws -> TransliteratorPool {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let p = registry[id] { return p }
        let p = try TransliteratorPool(id: id)
        registry[id] = p
        return p
    }

    init(id: String) throws {
        let idUnits = Array(id.utf16)
        var status: Int32 = 0
        guard let t = idUnits.withUnsafeBufferPointer({ pl_trans_open($0.baseAddress!, Int32($0.count), &status) }) else {
            throw ICUError(operation: "utrans_open(\(id))", code: status)
        }
        pool = HandlePool(
            prototype: t,
            clone: { p in
                var st: Int32 = 0
                return pl_trans_clone(p, &st)
            },
            close: { pl_trans_close($0) })
    }

    func transliterate(_ s: String) -> String {
        let src = Array(s.utf16)
        guard !src.isEmpty else { return s }
        return pool.withHandle { h -> String in
            let out = src.withUnsafeBufferPointer { sp in
                try? ICU.utf16(capacity: sp.count * 4 + 16, "utrans_transUChars") { dst, cap, st in
                    pl_trans_apply(h, sp.baseAddress!, Int32(sp.count), dst, cap, st)
                }
            }
            return String(decoding: out ?? src, as: UTF16.self)
        } ?? s
    }
}
