import ParlanceText

/// An utterance prepared for template matching the way hassil prepares it
/// (`normalize_for_matching`, `remove_skip_words`): whitespace collapsed, NFC, `’` made `'`,
/// punctuation removed at word edges, skip words dropped. Every scalar remembers the UTF-16
/// offset it came from, so matched ranges point into the original utterance.
///
/// Scalars are kept as `UInt32` code points; lengths count code points, as hassil's do.
struct MatchText: Sendable, Equatable {
    var scalars: [UInt32]
    /// UTF-16 offset in the original utterance of every scalar.
    var offsets: [Int32]
    /// UTF-16 length of the original utterance.
    var sourceLength: Int32

    init(_ s: String) {
        self.init(scalars: [], offsets: [], sourceLength: 0)
        prepare(s)
    }

    /// Makes this text `s`, prepared as `init(_:)` prepares it, in the buffers it already has:
    /// a text reused for one utterance after another allocates nothing once they are large enough.
    mutating func prepare(_ s: String) {
        var s = s
        var o: Int32 = 0
        var needsNFC = false
        var sc: [UInt32] = [], of: [Int32] = []
        swap(&sc, &scalars)
        swap(&of, &offsets)
        sc.removeAll(keepingCapacity: true)
        of.removeAll(keepingCapacity: true)
        // Decoded from the string's UTF-8 by hand (a string's UTF-8 is always valid): iterating
        // its scalars costs several times as much. Decoded into buffers on the stack, then
        // appended at once: appending code point by code point checks the arrays each time.
        // (`init(unsafeUninitializedCapacity:)` allocates through unspecialized generic code,
        // several hundred instructions a time.)
        s.withUTF8 { u in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: u.count + 1) { codes in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: u.count + 1) { starts in
                    var n = 0
                    var lastSpace = false
                    var i = 0
                    while i < u.count {
                        let b = UInt32(u[i])
                        let v: UInt32
                        if b < 0x80 {
                            v = b
                            i += 1
                        } else if b < 0xE0 {
                            v = (b & 0x1F) << 6 | UInt32(u[i + 1] & 0x3F)
                            i += 2
                        } else if b < 0xF0 {
                            v = (b & 0x0F) << 12 | UInt32(u[i + 1] & 0x3F) << 6 | UInt32(u[i + 2] & 0x3F)
                            i += 3
                        } else {
                            v = (b & 0x07) << 18 | UInt32(u[i + 1] & 0x3F) << 12 | UInt32(u[i + 2] & 0x3F) << 6
                                | UInt32(u[i + 3] & 0x3F)
                            i += 4
                        }
                        let here = o
                        o += v > 0xFFFF ? 2 : 1
                        if Self.isSpace(v) {
                            if !lastSpace {
                                codes[n] = 0x20
                                starts[n] = here
                                n += 1
                            }
                            lastSpace = true
                            continue
                        }
                        lastSpace = false
                        // Katakana, kanji and hangul syllables (U+30A0–U+9FFF, U+AC00–U+D7A3) have
                        // no combining marks: the table is not read for them.
                        if v >= 0x300 && (v > 0xFFFF || (!(0x30A0...0x9FFF).contains(v) && !(0xAC00...0xD7A3).contains(v)
                                                          && ScalarClasses.isCombining(v))) {
                            needsNFC = true
                        }
                        codes[n] = v == 0x2019 ? 0x27 : v
                        starts[n] = here
                        n += 1
                    }
                    sc.append(contentsOf: UnsafeBufferPointer(rebasing: codes[0..<n]))
                    of.append(contentsOf: UnsafeBufferPointer(rebasing: starts[0..<n]))
                }
            }
        }
        scalars = sc
        offsets = of
        sourceLength = o
        if needsNFC { composeNFC() }
        removePunctuation()
        strip()
    }

    /// Makes this text a copy of `t` in its own buffers (kept for the next copy, where sharing
    /// `t`'s would copy them on the next change).
    mutating func assign(_ t: MatchText) {
        scalars.removeAll(keepingCapacity: true)
        scalars.append(contentsOf: t.scalars)
        offsets.removeAll(keepingCapacity: true)
        offsets.append(contentsOf: t.offsets)
        sourceLength = t.sourceLength
    }

    init(scalars: [UInt32], offsets: [Int32], sourceLength: Int32) {
        self.scalars = scalars
        self.offsets = offsets
        self.sourceLength = sourceLength
    }

    var count: Int { scalars.count }
    var string: String { Self.string(scalars[...]) }

    /// The text of code points `s` (with `hyphensAsSpaces`, `-` and `_` read as spaces), encoded
    /// straight into the string's storage.
    static func string(_ s: ArraySlice<UInt32>, hyphensAsSpaces: Bool = false) -> String {
        String(unsafeUninitializedCapacity: s.count * 4) { out in
            var n = 0
            for c in s {
                let c = hyphensAsSpaces && (c == 0x2D || c == 0x5F) ? 0x20 : c
                guard let u = Unicode.Scalar(c) else { continue }
                UTF8.encode(u) { out[n] = $0; n += 1 }
            }
            return n
        }
    }

    /// Code points other than spaces.
    var letterCount: Int { scalars.reduce(0) { $0 + (Self.isSpace($1) ? 0 : 1) } }

    /// UTF-16 offset `i` of `units` moved past what continues the character before it (a
    /// surrogate's second half, combining marks): offsets into the utterance end one unit after
    /// a matched character's start (a decomposed accent is composed before matching).
    static func characterEnd(_ units: [UInt16], _ i: Int) -> Int {
        var i = min(max(i, 0), units.count)
        while i < units.count {
            let u = units[i]
            if UTF16.isTrailSurrogate(u) { i += 1; continue }
            guard let c = Unicode.Scalar(u) else { break }
            switch c.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: i += 1
            default: return i
            }
        }
        return i
    }

    /// hassil's `fold_case` for keywords: Turkish I's to `i`, then full case folding.
    static func foldString(_ s: String) -> String {
        String(s.map { $0 == "İ" || $0 == "ı" ? "i" : $0 }).lowercased()
    }

    // MARK: Character classes, as Python's `re` sees them

    @inline(__always) static func isSpace(_ c: UInt32) -> Bool {
        // Ordered so that letters of every script leave after two to five comparisons.
        if c <= 0x20 { return c == 0x20 || (c >= 0x09 && c <= 0x0D) || c >= 0x1C }
        if c < 0x85 || c > 0x3000 { return false }
        if c < 0x1680 { return c == 0x85 || c == 0xA0 }
        return c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F
            || c == 0x3000
    }

    /// `\w`: letters, numbers and `_` (combining marks are not word characters in Python).
    @inline(__always) static func isWord(_ c: UInt32) -> Bool {
        if c < 0x80 {
            return (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
        }
        if c < 0x10000 { return ScalarClasses.table[Int(c)] & ScalarClasses.word != 0 }
        return ScalarClasses.computeIsWord(c)
    }

    /// hassil's punctuation: `.。,，?¿？؟!¡！;；:：’…—–―`.
    @inline(__always) static func isPunctuation(_ c: UInt32, period: Bool = true) -> Bool {
        switch c {
        case 0x2E: return period
        case 0x3002, 0x2C, 0xFF0C, 0x3F, 0xBF, 0xFF1F, 0x61F, 0x21, 0xA1, 0xFF01, 0x3B, 0xFF1B, 0x3A, 0xFF1A,
             0x2019, 0x2026, 0x2014, 0x2013, 0x2015: return true
        default: return false
        }
    }

    /// Han, kana and Hangul: the scripts between whose characters `ignore_whitespace` drops spaces.
    @inline(__always) static func isCJK(_ c: UInt32) -> Bool {
        (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0xAC00 && c <= 0xD7AF)
    }

    // MARK: Editing with offsets kept

    /// Keeps the scalars for which `keep` is true.
    mutating func filter(_ keep: [Bool]) {
        var s: [UInt32] = [], o: [Int32] = []
        s.reserveCapacity(scalars.count)
        o.reserveCapacity(scalars.count)
        for i in scalars.indices where keep[i] {
            s.append(scalars[i])
            o.append(offsets[i])
        }
        scalars = s
        offsets = o
    }

    mutating func strip() {
        var lo = 0, hi = scalars.count
        while lo < hi, Self.isSpace(scalars[lo]) { lo += 1 }
        while hi > lo, Self.isSpace(scalars[hi - 1]) { hi -= 1 }
        if lo == 0 && hi == scalars.count { return }
        scalars.removeSubrange(hi...)
        offsets.removeSubrange(hi...)
        scalars.removeFirst(lo)
        offsets.removeFirst(lo)
    }

    mutating func collapseSpaces() {
        var keep = [Bool](repeating: true, count: scalars.count)
        var changed = false
        for i in scalars.indices where Self.isSpace(scalars[i]) {
            scalars[i] = 0x20
            if i > 0 && scalars[i - 1] == 0x20 { keep[i] = false; changed = true }
        }
        if changed { filter(keep) }
    }

    mutating func append(_ c: UInt32) {
        scalars.append(c)
        offsets.append(sourceLength)
    }

    /// Canonical composition. Each composed character keeps the offset of the first code point
    /// it was composed from, so the characters after it keep theirs: a starter and the marks
    /// after it are composed apart from the rest. When that is not the whole text's
    /// composition (Hangul jamo compose across starters), offsets are padded as hassil pads them.
    mutating func composeNFC() {
        let composed = Normalization.nfc(scalars)
        guard composed.count != scalars.count else {
            scalars = composed
            return
        }
        func isStarter(_ c: UInt32) -> Bool {
            Unicode.Scalar(c).map { $0.properties.canonicalCombiningClass == .notReordered } ?? true
        }
        var pieces: [UInt32] = [], pieceOffsets: [Int32] = []
        var i = 0
        while i < scalars.count {
            var j = i + 1
            while j < scalars.count && !isStarter(scalars[j]) { j += 1 }
            for (k, c) in Normalization.nfc(Array(scalars[i..<j])).enumerated() {
                pieces.append(c)
                pieceOffsets.append(offsets[min(i + k, j - 1)])
            }
            i = j
        }
        if pieces == composed {
            offsets = pieceOffsets
        } else {
            var o = Array(offsets.prefix(composed.count))
            while o.count < composed.count { o.append(o.last.map { $0 + 1 } ?? 0) }
            offsets = o
        }
        scalars = composed
    }

    /// hassil's `_remove_punctuation`: six passes, each over the result of the previous one.
    mutating func removePunctuation() {
        guard scalars.contains(where: { Self.isPunctuation($0) }) else { return }
        // ^[P]+
        var lead = 0
        while lead < scalars.count, Self.isPunctuation(scalars[lead]) { lead += 1 }
        if lead > 0 { scalars.removeFirst(lead); offsets.removeFirst(lead) }
        // [P]+$ unless the text ends with an initialism (A.C.)
        if !endsWithInitialism() {
            var n = scalars.count
            while n > 0, Self.isPunctuation(scalars[n - 1]) { n -= 1 }
            if n < scalars.count { scalars.removeLast(scalars.count - n); offsets.removeLast(offsets.count - n) }
        }
        // (?<=\W)[P]+(?=\w)
        removeRuns { t, i, j in i > 0 && !Self.isWord(t[i - 1]) && j < t.count && Self.isWord(t[j]) ? j : nil }
        // (?<=\w)[P-without-period]+(?=\W)
        removeRuns(period: false) { t, i, j in i > 0 && Self.isWord(t[i - 1]) ? Self.lookaheadNonWord(t, i, j) : nil }
        // (?<!\w\.\w)\.(?=\W)
        removeEndPeriods()
        // (?<=\W)[P]+(?=\W)
        removeRuns { t, i, j in i > 0 && !Self.isWord(t[i - 1]) ? Self.lookaheadNonWord(t, i, j) : nil }
    }

    /// A greedy run `i..<j` followed by `(?=\W)`: backtracks by one when the run is followed by a
    /// word character or the end, as the regex engine does.
    private static func lookaheadNonWord(_ t: [UInt32], _ i: Int, _ j: Int) -> Int? {
        if j < t.count && !isWord(t[j]) { return j }
        return j - i >= 2 ? j - 1 : nil
    }

    /// Removes, left to right, the runs of punctuation for which `end` returns where they stop.
    private mutating func removeRuns(period: Bool = true, _ end: ([UInt32], Int, Int) -> Int?) {
        var keep = [Bool](repeating: true, count: scalars.count)
        var changed = false
        var i = 0
        while i < scalars.count {
            guard Self.isPunctuation(scalars[i], period: period) else { i += 1; continue }
            var j = i
            while j < scalars.count, Self.isPunctuation(scalars[j], period: period) { j += 1 }
            if let e = end(scalars, i, j) {
                for k in i..<e { keep[k] = false }
                changed = true
                i = e
            } else {
                i += 1
            }
        }
        if changed { filter(keep) }
    }

    private mutating func removeEndPeriods() {
        var keep = [Bool](repeating: true, count: scalars.count)
        var changed = false
        let t = scalars
        for i in t.indices where t[i] == 0x2E && i + 1 < t.count && !Self.isWord(t[i + 1]) {
            if i >= 3 && Self.isWord(t[i - 3]) && t[i - 2] == 0x2E && Self.isWord(t[i - 1]) { continue }
            keep[i] = false
            changed = true
        }
        if changed { filter(keep) }
    }

    /// `\b(?:\w\.){2,}$`
    private func endsWithInitialism() -> Bool {
        let t = scalars, n = t.count
        guard n >= 4, t[n - 1] == 0x2E, Self.isWord(t[n - 2]), t[n - 3] == 0x2E, Self.isWord(t[n - 4]) else { return false }
        return n == 4 || !Self.isWord(t[n - 5]) || (n >= 6 && t[n - 5] == 0x2E)
    }

    /// Drops spaces between two CJK characters (hassil's `ignore_whitespace`).
    mutating func removeCJKSpaces() {
        guard scalars.contains(0x20) else { return }
        var keep = [Bool](repeating: true, count: scalars.count)
        var changed = false
        var i = 1
        while i < scalars.count {
            if Self.isSpace(scalars[i]) && Self.isCJK(scalars[i - 1]) {
                var j = i
                while j < scalars.count, Self.isSpace(scalars[j]) { j += 1 }
                if j < scalars.count && Self.isCJK(scalars[j]) {
                    for k in i..<j { keep[k] = false }
                    changed = true
                }
                i = j
            } else {
                i += 1
            }
        }
        if changed { filter(keep) }
    }
}

/// Character classes of the Basic Multilingual Plane in one table, computed once per process:
/// `\w` as Python sees it, and combining marks (which may need composition).
enum ScalarClasses {
    static let word: UInt8 = 1
    static let combining: UInt8 = 2

    @inline(__always) static func isCombining(_ c: UInt32) -> Bool { table[Int(c)] & combining != 0 }

    static let table: [UInt8] = (0..<0x10000).map { c -> UInt8 in
        guard let u = Unicode.Scalar(UInt32(c)) else { return 0 }
        var bits: UInt8 = computeIsWord(UInt32(c)) ? word : 0
        if u.properties.canonicalCombiningClass != .notReordered { bits |= combining }
        return bits
    }

    static func computeIsWord(_ c: UInt32) -> Bool {
        guard let u = Unicode.Scalar(c) else { return false }
        if c == 0x5F { return true }
        switch u.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }
}
