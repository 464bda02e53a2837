import Foundation
import ParlanceText

/// Case (and, where the locale allows, width and diacritic) folding of single code points that
/// never changes a text's length, so that positions in folded text are positions in the text.
///
/// Each code point maps to the text layer's match key of it when that key is one code point
/// (`É`→`e`, `Ａ`→`a`, `İ`→`i`; Vietnamese keeps its tones, Russian its `й`), else to its
/// lowercase when that is one code point, else to itself (`ß` stays `ß`).
///
/// - Complexity: O(1) per code point (a table look-up; ASCII without one).
struct ScalarFold: Sendable {
    /// Folds of U+0080..<U+3100 and U+FF00..<U+FFF0; other code points fold to their lowercase.
    private let low: [UInt32]
    private let wide: [UInt32]
    static let lowEnd: UInt32 = 0x3100
    static let wideStart: UInt32 = 0xFF00, wideEnd: UInt32 = 0xFFF0

    @inline(__always) func callAsFunction(_ c: UInt32) -> UInt32 {
        if c < 0x80 { return c &- 0x41 < 26 ? c + 32 : c }
        if c < Self.lowEnd { return low[Int(c)] }
        if c >= Self.wideStart && c < Self.wideEnd { return wide[Int(c - Self.wideStart)] }
        if c >= 0x3400 && c < 0xFF00 { return c }  // Han, Hangul, Yi: caseless
        return Self.lowercase(c)
    }

    func fold(_ s: [UInt32]) -> [UInt32] { s.map { self($0) } }

    /// `s` folded into `out`, whose buffer is kept (for buffers reused from one utterance to the next).
    /// Copied whole, then folded in place: appending code point by code point checks the
    /// array's capacity and uniqueness each time.
    func fold(_ s: [UInt32], into out: inout [UInt32]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: s)
        out.withUnsafeMutableBufferPointer { b in
            for i in b.indices { b[i] = self(b[i]) }
        }
    }
    func fold(_ s: String) -> [UInt32] { s.unicodeScalars.map { self($0.value) } }

    static func lowercase(_ c: UInt32) -> UInt32 {
        guard let u = Unicode.Scalar(c) else { return c }
        if c == 0x130 || c == 0x131 { return 0x69 }
        let l = u.properties.lowercaseMapping.unicodeScalars
        return l.count == 1 ? l.first!.value : c
    }

    private init(profile: TextProfile) {
        func key(_ c: UInt32) -> UInt32 {
            guard let u = Unicode.Scalar(c), !(0xD800..<0xE000).contains(c) else { return c }
            let lower = ScalarFold.lowercase(c)
            if u.properties.generalCategory == .control || u.properties.isWhitespace { return lower }
            let k = profile.foldedKey(String(u)).unicodeScalars
            // A key that is a space or punctuation would move word boundaries: keep the letter.
            if k.count == 1, let f = k.first, MatchText.isWord(f.value) == MatchText.isWord(c) { return f.value }
            return lower
        }
        var l = [UInt32](0..<0x80)
        for c in 0x80..<Self.lowEnd { l.append(key(c)) }
        low = l
        wide = (Self.wideStart..<Self.wideEnd).map(key)
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [LocaleID: ScalarFold] = [:]

    /// The fold of `locale`, built once per process (about 15,000 code points through the text layer).
    static func shared(for locale: LocaleID) throws -> ScalarFold {
        if let f = cacheLock.withLock({ cache[locale] }) { return f }
        let f = ScalarFold(profile: try TextProfile(locale: locale))
        cacheLock.withLock { cache[locale] = f }
        return f
    }
}
