/// One word of an utterance: its text, where it stands, and the keys it is matched by.
public struct Token: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Letters (Latin, Cyrillic, Arabic, Hangul, Thai, Devanagari…).
        case word
        /// Digits, possibly with the locale's separators (`1.000`, `3,50`, `١٠`).
        case number
        /// Kana (Hiragana, Katakana) from dictionary segmentation.
        case kana
        /// Han ideographs (Chinese, Japanese kanji) from dictionary segmentation.
        case ideographic
        /// A symbol that carries meaning (`$`, `€`, `%`, `+`, emoji); other punctuation is dropped.
        case symbol
    }

    /// The token as written in the original utterance.
    public var text: String
    /// UTF-16 offsets into the original utterance, as NSRange and JavaScript count.
    public var range: Range<Int>
    /// The match key: NFKC, case folded for the locale, diacritics folded where the script allows.
    public var key: String
    /// A Latin-script ASCII key for cross-script matching (`Шагомер` → `sagomer`), when requested.
    public var latin: String?
    public var kind: Kind
    /// True when a space or punctuation separates this token from the previous one in the source.
    public var spaceBefore: Bool

    public init(text: String, range: Range<Int>, key: String, latin: String? = nil, kind: Kind, spaceBefore: Bool) {
        self.text = text
        self.range = range
        self.key = key
        self.latin = latin
        self.kind = kind
        self.spaceBefore = spaceBefore
    }

    enum CodingKeys: String, CodingKey { case text, range, key, latin, kind, spaceBefore }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        let r = try c.decode([Int].self, forKey: .range)
        guard r.count == 2, r[0] <= r[1] else {
            throw DecodingError.dataCorruptedError(forKey: .range, in: c, debugDescription: "range is [start, end]")
        }
        range = r[0]..<r[1]
        key = try c.decode(String.self, forKey: .key)
        latin = try c.decodeIfPresent(String.self, forKey: .latin)
        kind = try c.decode(Kind.self, forKey: .kind)
        spaceBefore = try c.decodeIfPresent(Bool.self, forKey: .spaceBefore) ?? true
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode([range.lowerBound, range.upperBound], forKey: .range)
        try c.encode(key, forKey: .key)
        try c.encodeIfPresent(latin, forKey: .latin)
        try c.encode(kind, forKey: .kind)
        try c.encode(spaceBefore, forKey: .spaceBefore)
    }
}
