import CICU

/// A locale, canonicalized by ICU from a BCP 47 tag or an Apple/POSIX spelling, with CLDR's
/// fallback chain.
///
/// ```swift
/// let l = try LocaleID("es_MX")
/// l.identifier                                // "es-MX"
/// l.fallbackChain.map(\.identifier)           // ["es-MX", "es-419", "es"]
/// ```
public struct LocaleID: Hashable, Sendable, CustomStringConvertible, Codable, Comparable {
    /// The canonical BCP 47 tag (`pt-BR`, `zh-Hans`), or `Base` for Apple's base localization.
    public let identifier: String
    /// ICU's form of the same locale (`pt_BR`); empty for `Base`.
    public let icuID: String
    public let language: String
    public let script: String?
    public let region: String?

    /// Apple's development-language folder: not a locale, the last step of every fallback chain.
    public static let base = LocaleID(identifier: "Base", icuID: "", language: "", script: nil, region: nil)
    public var isBase: Bool { identifier == "Base" }

    public enum ParseError: Error, CustomStringConvertible, Equatable, Sendable {
        case malformed(String)
        case unknownLanguage(String, language: String)
        public var description: String {
            switch self {
            case .malformed(let s):
                return "'\(s)' is not a locale: use a BCP 47 tag such as en-US, pt-BR or zh-Hans"
            case .unknownLanguage(let s, let lang):
                return "'\(s)' names language '\(lang)', which ICU does not know: use an ISO 639 code such as en, de or ja"
            }
        }
    }

    /// Apple's legacy `.lproj` names, still found in old bundles.
    private static let legacyNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es",
        "italian": "it", "dutch": "nl", "portuguese": "pt", "russian": "ru", "chinese": "zh",
        "korean": "ko", "swedish": "sv", "danish": "da", "finnish": "fi", "norwegian": "nb",
        "polish": "pl", "turkish": "tr", "arabic": "ar", "hebrew": "he",
    ]

    /// Parses `pt-BR`, `pt_BR`, `zh-Hans`, `zh_CN`, `ko-KR`, `Base`, `en_US_POSIX`, `English`.
    public init(_ text: String) throws {
        let trimmed = text.trimmingASCIIWhitespace()
        if trimmed.caseInsensitiveEquals("base") {
            self = .base
            return
        }
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64,
              trimmed.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_@=;.".unicodeScalars.contains($0)) })
        else { throw ParseError.malformed(text) }
        var spelled = trimmed
        if let legacy = Self.legacyNames[trimmed.lowercased()] { spelled = legacy }
        let dashed = spelled.replacingAll("_", with: "-")
        var icu = (try? ICU.chars("uloc_forLanguageTag") { pl_locale_for_language_tag(dashed, $0, $1, $2) }) ?? ""
        if icu.isEmpty {
            // Mixed or POSIX spellings (`en_US_POSIX`, `de__PHONEBOOK`) that are not BCP 47.
            icu = (try? ICU.chars("uloc_canonicalize") { pl_locale_canonicalize(spelled, $0, $1, $2) }) ?? ""
        } else {
            icu = (try? ICU.chars("uloc_canonicalize") { pl_locale_canonicalize(icu, $0, $1, $2) }) ?? icu
        }
        guard !icu.isEmpty else { throw ParseError.malformed(text) }
        try self.init(icu: icu, original: text)
    }

    init(icu: String, original: String) throws {
        let lang = (try? ICU.chars("uloc_getLanguage") { pl_locale_language(icu, $0, $1, $2) }) ?? ""
        guard lang.count >= 2, lang.count <= 3, lang.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw ParseError.malformed(original)
        }
        guard pl_locale_has_data(lang) != 0 else { throw ParseError.unknownLanguage(original, language: lang) }
        let tag = (try? ICU.chars("uloc_toLanguageTag") { pl_locale_to_language_tag(icu, $0, $1, $2) }) ?? ""
        guard !tag.isEmpty else { throw ParseError.malformed(original) }
        let script = (try? ICU.chars("uloc_getScript") { pl_locale_script(icu, $0, $1, $2) }) ?? ""
        let region = (try? ICU.chars("uloc_getCountry") { pl_locale_region(icu, $0, $1, $2) }) ?? ""
        self.init(identifier: tag, icuID: icu, language: lang,
                  script: script.isEmpty ? nil : script, region: region.isEmpty ? nil : region)
    }

    private init(identifier: String, icuID: String, language: String, script: String?, region: String?) {
        self.identifier = identifier
        self.icuID = icuID
        self.language = language
        self.script = script
        self.region = region
    }

    public var description: String { identifier }

    /// The locale with likely subtags added (`zh-TW` → `zh-Hant-TW`, `ja` → `ja-Jpan-JP`).
    public var maximized: LocaleID {
        guard !isBase,
              let max = try? ICU.chars("uloc_addLikelySubtags", { pl_locale_add_likely(icuID, $0, $1, $2) }),
              let id = try? LocaleID(icu: max, original: max)
        else { return self }
        return id
    }

    /// CLDR's fallback chain, most specific first, without root:
    /// `es-MX → es-419 → es`, `zh-TW → zh-Hant-TW → zh-Hant`, `en-IN → en-001 → en`.
    ///
    /// Unlike ICU's `uloc_getParent`, which only truncates, this follows CLDR's explicit parents
    /// and never crosses scripts (`zh-Hant` does not fall back to `zh`, which is Simplified).
    public var fallbackChain: [LocaleID] {
        guard !isBase else { return [self] }
        var chain = [self]
        var current = self
        let max = maximized
        if script == nil, let maxScript = max.script,
           let langMax = try? LocaleID(icu: language, original: language).maximized,
           langMax.script != maxScript {
            // The region implies a script other than the language's default: say it.
            let withScript = [language, maxScript, region].compactMap { $0 }.joined(separator: "_")
            if let l = try? LocaleID(icu: withScript, original: withScript) {
                chain.append(l)
                current = l
            }
        }
        for _ in 0..<8 {
            guard let parent = current.parent else { break }
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The next step of the fallback chain, or nil at the top (the parent would be root).
    public var parent: LocaleID? {
        guard !isBase else { return nil }
        let explicit = (try? ICU.chars("%%Parent") { pl_locale_explicit_parent(icuID, $0, $1, $2) }) ?? ""
        let next: String
        if !explicit.isEmpty {
            next = explicit
        } else {
            next = (try? ICU.chars("uloc_getParent") { pl_locale_truncate_parent(icuID, $0, $1, $2) }) ?? ""
        }
        guard !next.isEmpty, next != "root", next != icuID else { return nil }
        return try? LocaleID(icu: next, original: next)
    }

    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        try self.init(s)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(identifier)
    }

    public static func < (a: LocaleID, b: LocaleID) -> Bool { a.identifier < b.identifier }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }

    func caseInsensitiveEquals(_ other: String) -> Bool { lowercased() == other.lowercased() }

    func replacingAll(_ a: Character, with b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}
