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
    /// Whether katakana keys as hiragana (Japanese): speech recognizers write a word in either,
    /// so `はと` and `ハト` are one key, as `pigeon` and `Pigeon` are.
    public let foldsKana: Bool

    private let breaks: HandlePool<OpaquePointer>
    /// The folded key of every code point below `tableLimit` (Latin, Greek, Cyrillic, Armenian),
    /// computed once through the ICU path, so that most European words are keyed without ICU.
    private let foldTable: [[UInt8]]
    private let rules: FoldRules
    static let tableLimit = 0x530
    private let latinTransliterator: TransliteratorPool?
    /// The Latin of keys already transliterated (`latin(ofKey:)`): a transliteration costs
    /// microseconds, and the words of commands and names recur from one utterance to the next.
    private let latinMemo = SharedMemo<String, String>(limit: 65_536)

    struct KeptMark: Hashable, Sendable { let base: UInt32; let mark: UInt32 }

    /// The scripts whose marks may be folded (see ICU-NOTES: never Japanese, Thai or Indic).
    static let foldableScripts: Set<Int32> = [25 /*Latn*/, 14 /*Grek*/, 8 /*Cyrl*/, 2 /*Arab*/, 19 /*Hebr*/]
    static let inheritedScript: Int32 = 1
    static let commonScript: Int32 = 0
    /// Unicode's stream-safe limit: more than this many marks in a row are dropped (UAX #15).
    static let maxNonStarters = 30

    /// Whether a language is written without spaces between words (Japanese, Chinese, Thai, …).
    public static func isUnspaced(language: String) -> Bool {
        ["ja", "zh", "th", "km", "lo", "my", "yue"].contains(language)
    }

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
        isUnspaced = Self.isUnspaced(language: lang)
        foldsKana = lang == "ja"
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
        // Cyrillic as English speakers spell it (BGN/PCGN: Маша → Masha, not ISO 9's Maša → Masa).
        latinTransliterator = try? TransliteratorPool.shared(id: "Russian-Latin/BGN; Any-Latin; Latin-ASCII")
        let rules = FoldRules(turkicCase: turkicCase, stripsMarks: foldsDiacritics, keptMarks: keptMarks, foldsKana: foldsKana)
        self.rules = rules
        foldTable = (0..<Self.tableLimit).map { cp -> [UInt8] in
            cp < 0x80 ? [] : Array(UTF16Fast.string(rules.fold([UInt16(cp)])).utf8)
        }
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
        var units: [UInt16] = []
        units.reserveCapacity(text.utf16.count)
        units.append(contentsOf: text.utf16)
        if units.isEmpty { return [] }
        var tokens: [Token] = []
        units.withUnsafeBufferPointer { buf in
            let segments = segment(buf)
            tokens.reserveCapacity(segments.count / 6 + 1)
            var gap = false
            var joinNext = false
            var i = 0
            while i < segments.count {
                let start = Int(segments[i]), end = Int(segments[i + 1]), status = segments[i + 2]
                i += 3
                let piece = UnsafeBufferPointer(rebasing: buf[start..<end])
                let kind: Token.Kind?
                switch status {
                case 100..<200: kind = .number
                case 200..<300: kind = .word
                case 300..<400: kind = .kana
                case 400..<500: kind = .ideographic
                default: kind = Self.symbolKind(piece)
                }
                guard let k = kind else {
                    if Self.isInvisible(piece), let last = tokens.last, last.range.upperBound == start {
                        joinNext = true  // `Wen\u{200B}derLoon` is one word to a reader
                    } else {
                        gap = true
                        joinNext = false
                    }
                    continue
                }
                if joinNext, !gap, let last = tokens.last, last.kind == k {
                    // The key is recomputed from the whole range by fillKeys below.
                    let range = last.range.lowerBound..<end
                    tokens[tokens.count - 1].range = range
                    tokens[tokens.count - 1].text = UTF16Fast.string(UnsafeBufferPointer(rebasing: buf[range]))
                    tokens[tokens.count - 1].key = ""
                    joinNext = false
                    continue
                }
                joinNext = false
                tokens.append(Token(text: UTF16Fast.string(piece), range: start..<end,
                                    key: Self.asciiKey(piece) ?? "", kind: k, spaceBefore: gap || tokens.isEmpty))
                gap = false
            }
            fillKeys(&tokens, units: buf)
        }
        if latin { fillLatin(&tokens) }
        return tokens
    }

    /// ICU word-break segments of `buf` as (start, end, rule status) triples.
    private func segment(_ buf: UnsafeBufferPointer<UInt16>) -> [Int32] {
        breaks.withHandle { handle -> [Int32] in
            var cap = min(buf.count + 1, 64)
            while true {
                var out = [Int32](repeating: 0, count: cap * 3)
                var st: Int32 = 0
                let n = out.withUnsafeMutableBufferPointer {
                    pl_break_segments(handle, buf.baseAddress!, Int32(buf.count), $0.baseAddress!, Int32(cap), &st)
                }
                if Int(n) <= cap {
                    out.removeSubrange((Int(n) * 3)...)
                    return out
                }
                cap = Int(n)
            }
        } ?? []
    }

    /// Whether a piece is made only of invisible format characters (zero-width space, joiners,
    /// word joiner, BOM, soft hyphen, bidi controls).
    static func isInvisible(_ piece: UnsafeBufferPointer<UInt16>) -> Bool {
        !piece.isEmpty && piece.allSatisfy { u in
            u == 0xAD || (0x200B...0x200F).contains(u) || (0x202A...0x202E).contains(u) || (0x2060...0x2069).contains(u) || u == 0xFEFF
        }
    }

    /// The key of an all-ASCII piece (lowercase), or nil when the piece needs ICU.
    @inline(__always)
    static func asciiKey(_ piece: UnsafeBufferPointer<UInt16>) -> String? {
        for u in piece where u >= 0x80 || u == 0x60 { return nil }
        return String(unsafeUninitializedCapacity: piece.count) { out in
            for (i, u) in piece.enumerated() { out[i] = UInt8(u >= 0x41 && u <= 0x5A ? u + 32 : u) }
            return piece.count
        }
    }

    /// Punctuation is dropped; currency, math, other symbols and a few meaningful punctuation
    /// marks (`%`, `#`, `&`, `@`) are kept as tokens.
    static func symbolKind(_ slice: UnsafeBufferPointer<UInt16>) -> Token.Kind? {
        var first: UInt32?
        UTF16Fast.forEachScalar(slice) { if first == nil { first = $0 } }
        guard let v = first, let scalar = Unicode.Scalar(v) else { return nil }
        if scalar.value < 0x80 {
            // ASCII: only these carry meaning; the rest is punctuation or space.
            return "$%+<=>^|~#&@".unicodeScalars.contains(scalar) ? .symbol : nil
        }
        switch scalar.properties.generalCategory {
        case .currencySymbol, .mathSymbol, .otherSymbol, .modifierSymbol: return .symbol
        case .otherPunctuation where "%‰#&@".unicodeScalars.contains(scalar): return .symbol
        default: return nil
        }
    }

    /// The match key of one piece of text, folded without tokenizing (for names and keys).
    public func foldedKey(_ text: String) -> String {
        var t = [Token(text: text, range: 0..<text.utf16.count, key: "", kind: .word, spaceBefore: true)]
        let units = Array(text.utf16)
        units.withUnsafeBufferPointer { t[0].key = Self.asciiKey($0) ?? ""; fillKeys(&t, units: $0) }
        return t[0].key
    }

    /// Keys every token. ASCII tokens take a fast path; the others are folded in one batch, each
    /// token separated by U+0000 (which no normalization step touches), so that an utterance costs
    /// three ICU calls however many words it has.
    private func fillKeys(_ tokens: inout [Token], units: UnsafeBufferPointer<UInt16>) {
        var batch: [UInt16] = []
        var batched: [Int] = []
        for (i, t) in tokens.enumerated() where t.key.isEmpty {
            if let k = tableKey(UnsafeBufferPointer(rebasing: units[t.range]), text: t.text) {
                tokens[i].key = k
                continue
            }
            if !batched.isEmpty { batch.append(0) }
            Self.appendStreamSafe(UnsafeBufferPointer(rebasing: units[t.range]), to: &batch)
            batched.append(i)
        }
        guard !batched.isEmpty else { return }
        let folded = rules.fold(batch)
        var start = 0
        var n = 0
        for (j, u) in folded.enumerated() where u == 0 {
            if n < batched.count { tokens[batched[n]].key = UTF16Fast.string(folded[start..<j]) }
            n += 1
            start = j + 1
        }
        if n < batched.count { tokens[batched[n]].key = UTF16Fast.string(folded[start...]) }
    }

    /// The key of a token from the fold table, or nil when a code point needs the ICU path
    /// (combining marks compose across code points, so they always do).
    ///
    /// - Complexity: O(n), no ICU call.
    private func tableKey(_ piece: UnsafeBufferPointer<UInt16>, text: String) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: piece.count * 6) { out -> String? in
            var j = 0
            for u in piece {
                if u < 0x80 {
                    out[j] = u == 0x60 ? 0x27 : UInt8(u >= 0x41 && u <= 0x5A ? u + 32 : u)
                    j += 1
                } else if Int(u) < Self.tableLimit && !(0x300...0x36F).contains(u) {
                    for b in foldTable[Int(u)] {
                        out[j] = b
                        j += 1
                    }
                } else if Self.isFoldStable(u) {
                    let u = foldsKana ? Self.hiragana(u) : u
                    out[j] = UInt8(0xE0 | (u >> 12))
                    out[j + 1] = UInt8(0x80 | ((u >> 6) & 0x3F))
                    out[j + 2] = UInt8(0x80 | (u & 0x3F))
                    j += 3
                } else {
                    return nil
                }
            }
            let key = UnsafeBufferPointer(rebasing: out[0..<j])
            // Most words are already their own key (lowercase, no marks): share the text's storage
            // rather than build a second string.
            if text.utf8.count == j, text.utf8.withContiguousStorageIfAvailable({ $0.elementsEqual(key) }) == true {
                return text
            }
            return String(decoding: key, as: UTF8.self)
        }
    }

    /// Kana and unified Han ideographs: caseless and unchanged by NFKC, never carrying marks
    /// that fold (the voiced-sound marks U+3099/U+309A lie outside these ranges).
    @inline(__always)
    static func isFoldStable(_ u: UInt16) -> Bool {
        (0x3041...0x3096).contains(u) || (0x30A1...0x30FA).contains(u) || u == 0x30FC || (0x4E00...0x9FFF).contains(u)
            || (0x3400...0x4DBF).contains(u) || (0xAC00...0xD7A3).contains(u)
    }

    /// The hiragana of a katakana code unit that has one (`ハ` → `は`, `ヴ` → `ゔ`, `ヽ` → `ゝ`);
    /// any other unit unchanged (`ー`, `ヷ`, which hiragana lacks).
    @inline(__always)
    public static func hiragana(_ u: UInt16) -> UInt16 {
        (0x30A1...0x30F6).contains(u) || u == 0x30FD || u == 0x30FE ? u - 0x60 : u
    }

    /// `text` with its katakana as hiragana (`ハト` → `はと`), nothing else changed.
    public static func hiragana(_ text: String) -> String {
        UTF16Fast.string(text.utf16.map(hiragana))
    }

    /// Copies `slice` with at most 30 combining marks in a row (Unicode's stream-safe format),
    /// which keeps normalization linear on adversarial input; drops U+0000 (the batch separator).
    static func appendStreamSafe(_ slice: UnsafeBufferPointer<UInt16>, to out: inout [UInt16]) {
        var run = 0
        UTF16Fast.forEachScalar(slice) { v in
            if v == 0 { return }
            if v >= 0x300 && pl_combining_class(Int32(bitPattern: v)) != 0 {
                run += 1
                if run > maxNonStarters { return }
            } else {
                run = 0
            }
            UTF16Fast.append(v, to: &out)
        }
    }

    /// Apostrophes that speech recognizers and keyboards use interchangeably.
    static func isApostrophe(_ v: UInt32) -> Bool { v == 0x2019 || v == 0x2018 || v == 0x02BC || v == 0xFF07 || v == 0x0060 }

    private func fillLatin(_ tokens: inout [Token]) {
        guard latinTransliterator != nil else { return }
        for i in tokens.indices { tokens[i].latin = latin(ofKey: tokens[i].key) }
    }

    /// The Latin of a match key, as one piece: `じょん` → `jon` (its characters one by one
    /// would be `ji~yon`).
    public func latin(ofKey key: String) -> String {
        guard let trans = latinTransliterator, !key.utf8.allSatisfy({ $0 < 0x80 }) else { return key }
        if let known = latinMemo[key] { return known }
        let latin = foldedKey(trans.transliterate(key)).filter { $0 != " " && $0 != "'" && $0 != "\u{2BC}" }
        latinMemo[key] = latin
        return latin
    }

    /// The Latin ASCII key of a phrase (for names): `Шагомер` → `sagomer`, `步数` → `bushu`.
    /// Words of an unspaced script that touch are transliterated together, since kana spell
    /// one sound across characters a word break may part (`じ`, `ょ`, `ん`).
    public func latinKey(_ text: String) -> String {
        let tokens = tokenize(text, latin: !isUnspaced)
        guard isUnspaced else { return tokens.map { $0.latin ?? $0.key }.joined(separator: " ") }
        var out = "", run = ""
        for (i, t) in tokens.enumerated() {
            if i > 0 && t.spaceBefore {
                out += latin(ofKey: run) + " "
                run = ""
            }
            run += t.key
        }
        return out + latin(ofKey: run)
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
            return UTF16Fast.string(out ?? src)
        } ?? s
    }
}

/// The folding steps of a profile, separate so that the profile can build its fold table with
/// them before it is fully initialized.
struct FoldRules: Sendable {
    let turkicCase: Bool
    let stripsMarks: Bool
    let keptMarks: Set<TextProfile.KeptMark>
    let foldsKana: Bool

    /// Turkic case, NFKC_Casefold, decimal digits to ASCII, then (where allowed) NFD, dropping
    /// foldable marks, NFC, dotless ı to i, and (Japanese) katakana to hiragana.
    func fold(_ input: [UInt16]) -> [UInt16] {
        var s = input
        if turkicCase { s = FoldRules.apply(s) { pl_fold_case($0, $1, $2, $3, 1, $4) } }
        s = FoldRules.apply(s) { pl_nfkc_casefold($0, $1, $2, $3, $4) }
        guard stripsMarks else { return finish(s, stripping: false) }
        s = FoldRules.apply(s) { pl_nfd($0, $1, $2, $3, $4) }
        s = finish(s, stripping: true)
        s = FoldRules.apply(s) { pl_nfc($0, $1, $2, $3, $4) }
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


    /// The last folding pass: decimal digits of any script to ASCII, apostrophes to `'`, and, when
    /// `stripping`, combining marks dropped after letters of the foldable scripts (except the kept
    /// ones) and dotless ı read as i.
    ///
    /// - Complexity: O(n); one ICU property look-up per non-ASCII code point.
    private func finish(_ s: [UInt16], stripping: Bool) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(s.count)
        var baseScript = TextProfile.commonScript
        var base: UInt32 = 0
        s.withUnsafeBufferPointer { buf in
            UTF16Fast.forEachScalar(buf) { v in
                if v < 0x80 && v != 0x60 {
                    out.append(UInt16(v))
                    base = v
                    baseScript = (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) ? 25 : TextProfile.commonScript
                    return
                }
                if TextProfile.isApostrophe(v) {
                    out.append(0x27)
                    return
                }
                if foldsKana, v >= 0x30A1, v <= 0x30FE {
                    out.append(TextProfile.hiragana(UInt16(v)))
                    baseScript = TextProfile.commonScript
                    return
                }
                let digit = pl_digit_value(Int32(bitPattern: v))
                if digit >= 0 {
                    out.append(UInt16(0x30 + digit))
                    baseScript = TextProfile.commonScript
                    return
                }
                if stripping {
                    if v >= 0x300 && pl_char_type(Int32(bitPattern: v)) == 6 /* Mn */ {
                        if TextProfile.foldableScripts.contains(baseScript) && !keptMarks.contains(TextProfile.KeptMark(base: base, mark: v)) {
                            return
                        }
                    } else if v == 0x0131 {  // ı: a Latin i without its dot, folded like the other marks
                        out.append(0x69)
                        baseScript = 25
                        base = 0x69
                        return
                    } else {
                        base = v
                        baseScript = pl_script(Int32(bitPattern: v))
                    }
                }
                UTF16Fast.append(v, to: &out)
            }
        }
        return out
    }

}
