import Foundation

/// A number found in text, spelled out or in digits, possibly over several tokens.
public struct NumberSpan: Hashable, Sendable, Codable {
    public var value: Double
    /// UTF-16 offsets into the original text.
    public var range: Range<Int>
    /// The tokens it covers (indices into the analysis's tokens).
    public var tokens: Range<Int>
    public var isOrdinal: Bool
    /// How it was read: `digits`, `words` (spell-out table), `compound`, `lenient` (ICU's parser),
    /// `han` (CJK numerals).
    public var source: String

    public init(value: Double, range: Range<Int>, tokens: Range<Int>, isOrdinal: Bool = false, source: String) {
        self.value = value
        self.range = range
        self.tokens = tokens
        self.isOrdinal = isOrdinal
        self.source = source
    }

    enum CodingKeys: String, CodingKey { case value, range, ordinal, source }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if value == value.rounded(), abs(value) < 1e15 { try c.encode(Int64(value), forKey: .value) } else { try c.encode(value, forKey: .value) }
        try c.encode([range.lowerBound, range.upperBound], forKey: .range)
        if isOrdinal { try c.encode(true, forKey: .ordinal) }
        try c.encode(source, forKey: .source)
    }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        value = try c.decode(Double.self, forKey: .value)
        let r = try c.decode([Int].self, forKey: .range)
        range = r[0]..<r[1]
        tokens = 0..<0
        isOrdinal = try c.decodeIfPresent(Bool.self, forKey: .ordinal) ?? false
        source = try c.decode(String.self, forKey: .source)
    }
}

/// A currency amount: a number with a currency symbol, code or name before or after it.
public struct AmountSpan: Hashable, Sendable, Codable {
    public var amount: Double
    /// ISO 4217 code (`USD`, `EUR`, `RUB`).
    public var currencyCode: String
    public var range: Range<Int>
    public var tokens: Range<Int>

    public init(amount: Double, currencyCode: String, range: Range<Int>, tokens: Range<Int>) {
        self.amount = amount
        self.currencyCode = currencyCode
        self.range = range
        self.tokens = tokens
    }

    enum CodingKeys: String, CodingKey { case amount, currencyCode, range }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(amount, forKey: .amount)
        try c.encode(currencyCode, forKey: .currencyCode)
        try c.encode([range.lowerBound, range.upperBound], forKey: .range)
    }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        amount = try c.decode(Double.self, forKey: .amount)
        currencyCode = try c.decode(String.self, forKey: .currencyCode)
        let r = try c.decode([Int].self, forKey: .range)
        range = r[0]..<r[1]
        tokens = 0..<0
    }
}

/// What the text layer makes of one utterance.
public struct TextAnalysis: Sendable, Codable {
    public var locale: LocaleID
    public var tokens: [Token]
    public var numbers: [NumberSpan]
    public var amounts: [AmountSpan]

    /// A readable table for the CLI.
    public func table() -> String {
        var rows = [["#", "range", "kind", "text", "key", "latin"]]
        for (i, t) in tokens.enumerated() {
            rows.append(["\(i)", "\(t.range.lowerBound)..<\(t.range.upperBound)", t.kind.rawValue, t.text, t.key, t.latin ?? ""])
        }
        var s = "locale: \(locale.identifier)\n" + TextTable.render(rows)
        for n in numbers {
            s += "\nnumber \(NumberFormatting.plain(n.value))\(n.isOrdinal ? " (ordinal)" : "") at \(n.range.lowerBound)..<\(n.range.upperBound) [\(n.source)]"
        }
        for a in amounts {
            s += "\namount \(NumberFormatting.plain(a.amount)) \(a.currencyCode) at \(a.range.lowerBound)..<\(a.range.upperBound)"
        }
        return s
    }
}

enum NumberFormatting {
    static func plain(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}

/// Left-aligned columns, measured in characters (grapheme clusters).
public enum TextTable {
    public static func render(_ rows: [[String]]) -> String {
        guard let cols = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: cols)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], displayWidth(c)) } }
        return rows.map { r in
            r.enumerated().map { i, c in
                i == r.count - 1 ? c : c + String(repeating: " ", count: widths[i] - displayWidth(c) + 2)
            }.joined()
        }.joined(separator: "\n")
    }

    /// East Asian wide characters take two columns in a terminal.
    static func displayWidth(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { w, u in
            let v = u.value
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
            if u.properties.generalCategory == .nonspacingMark || u.properties.generalCategory == .enclosingMark { return w }
            return w + (wide ? 2 : 1)
        }
    }
}

/// The text layer for one locale: tokens, keys, numbers and currency amounts.
///
/// Building one reads ICU's spell-out rules and currency names for the locale (tens to hundreds
/// of milliseconds); `shared(for:)` keeps one per locale for the life of the process.
public final class TextAnalyzer: Sendable {
    public let profile: TextProfile
    public let numbers: NumberReader
    public let currencies: CurrencyReader

    private static let cacheLock = NSLockShim()
    nonisolated(unsafe) private static var cache: [LocaleID: TextAnalyzer] = [:]

    public static func shared(for locale: LocaleID) throws -> TextAnalyzer {
        if let a = cacheLock.withLock({ cache[locale] }) { return a }
        let a = try TextAnalyzer(locale: locale)
        return cacheLock.withLock {
            if let existing = cache[locale] { return existing }
            cache[locale] = a
            return a
        }
    }

    public init(locale: LocaleID) throws {
        profile = try TextProfile(locale: locale)
        numbers = try NumberReader(profile: profile)
        currencies = try CurrencyReader(profile: profile, numbers: numbers)
    }

    /// Tokenizes `text` and finds its numbers and currency amounts.
    ///
    /// - Complexity: O(n) in the length of `text` (table look-ups per token).
    public func analyze(_ text: String, latin: Bool = false) -> TextAnalysis {
        let tokens = profile.tokenize(text, latin: latin)
        let nums = numbers.find(in: tokens, text: text)
        let amounts = currencies.find(in: tokens, numbers: nums)
        return TextAnalysis(locale: profile.locale, tokens: tokens, numbers: nums, amounts: amounts)
    }
}
