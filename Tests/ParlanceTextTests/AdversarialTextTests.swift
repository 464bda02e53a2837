import Testing
@testable import ParlanceText

/// Input nobody should send, which must never crash the text layer nor make it slower than linear.
struct AdversarialTextTests {
    static let locales = ["en", "de", "ru", "ar", "he", "ja", "zh", "th", "hi", "tr"]

    static let inputs: [(String, String)] = [
        ("empty", ""),
        ("only spaces", "   \t\n "),
        ("unpaired surrogates", String(decoding: [0xD800, 0x61, 0xDC00, 0xDBFF] as [UInt16], as: UTF16.self)),
        ("control characters", "a\u{0}b\u{1}\u{7}c\u{1B}[31m d\u{7F}"),
        ("bidi overrides", "\u{202E}gnp.exe\u{202C} \u{2066}abc\u{2069} \u{200F}"),
        ("zero-width joiners", "A\u{200D}B\u{200C}C\u{FEFF}D 👨‍👩‍👧‍👦"),
        ("unassigned code points", String(String.UnicodeScalarView([0x378, 0xE0080, 0x10FFFD, 0x78, 0xFFFF].compactMap(Unicode.Scalar.init)))),
        ("noncharacters and private use", String(String.UnicodeScalarView([0xFDD0, 0xF8FF, 0x10FFFF].compactMap(Unicode.Scalar.init)))),
        ("combining marks", "e" + String(repeating: "\u{301}", count: 50_000)),
        ("mixed combining classes", "a" + String(repeating: "\u{301}\u{316}\u{35C}", count: 5_000)),
        ("100 kB of text", String(repeating: "Send Anna twenty euros — ", count: 4_200)),
        ("100 kB without spaces", String(repeating: "送金して", count: 25_000)),
        ("100 kB of numbers without spaces", String(repeating: "1万2千3块5毛いちまんえんろっぴゃく", count: 4_000)),
        ("100 kB of amounts", String(repeating: "5 euros 50 and a half 3 евро 50 центов ", count: 2_600)),
    ]

    @Test(arguments: locales)
    func survivesEveryInput(_ locale: String) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(locale))
        for (name, text) in Self.inputs {
            let r = a.analyze(text, latin: name.hasPrefix("100 kB") ? false : true)
            let length = text.utf16.count
            for t in r.tokens {
                #expect(t.range.lowerBound >= 0 && t.range.upperBound <= length, "\(name): range \(t.range)")
                #expect(!t.key.contains("\u{0}"), "\(name): NUL in key")
            }
            #expect(r.numbers.allSatisfy { $0.range.upperBound <= length }, "\(name)")
            #expect(r.amounts.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= length && $0.amount.isFinite }, "\(name)")
        }
    }

    @Test func limitsRunsOfCombiningMarks() throws {
        let p = try TextProfile(locale: LocaleID("en"))
        let t = p.tokenize("x" + String(repeating: "\u{301}", count: 50_000))
        #expect(t.count == 1)
        #expect(t[0].range == 0..<50_001)
        // Marks fold away on Latin letters; at most the stream-safe limit ever reaches ICU.
        #expect(t[0].key == "x")
        let ja = try TextProfile(locale: LocaleID("ja"))
        let k = ja.tokenize("か" + String(repeating: "\u{3099}", count: 50_000))
        #expect(k.allSatisfy { $0.key.unicodeScalars.count <= TextProfile.maxNonStarters + 1 })
    }

    @Test func findsEveryTokenOfALongText() throws {
        let p = try TextProfile(locale: LocaleID("en"))
        let text = String(repeating: "alpha beta ", count: 10_000)
        let t = p.tokenize(text)
        #expect(t.count == 20_000)
        #expect(t.last?.range == (text.utf16.count - 5)..<(text.utf16.count - 1))
    }

    @Test func dropsInvisibleCharactersFromKeys() throws {
        let p = try TextProfile(locale: LocaleID("en"))
        #expect(p.key("Wen\u{200B}der\u{00AD}Loon") == "wenderloon")
        #expect(p.key("\u{202E}abc\u{202C}") == "abc")
    }
}

struct ConfusableTests {
    @Test(arguments: [
        ("Awesome", "Аwesome", true),  // Cyrillic А
        ("WenderLoon", "WenderL00n", true),
        ("paypal", "PayPal", true),
        ("Awesome", "Awesomer", false),
        ("Шагомер", "Шагомер", true),
        ("scope", "ѕсоре", true),  // all Cyrillic
    ])
    func comparesSkeletons(_ a: String, _ b: String, _ confusable: Bool) {
        #expect(Confusables.areConfusable(a, b) == confusable)
    }

    @Test func flagsMixedScriptsAndInvisibles() {
        #expect(Confusables.check("Аwesome").contains(.mixedScript))
        #expect(Confusables.check("Awesome").isEmpty)
        #expect(Confusables.check("Шагомер").isEmpty)
        #expect(Confusables.check("Pay\u{200B}Pal").contains(.invisible))
        #expect(Confusables.check("abc\u{202E}").contains(.invisible))
        #expect(Confusables.scripts("Аwesome") == ["Cyrl", "Latn"])
        #expect(Confusables.scripts("東京タワー") == ["Hani", "Kana"])
    }
}

struct CollationTests {
    @Test(arguments: [
        ("de", "Strasse", "Straße", true), ("fr", "cafe", "Café", true), ("en", "Lodz", "Łódź", true), ("pl", "Lodz", "Łódź", false),
        ("ja", "かたかな", "カタカナ", true), ("ar", "10", "١٠", true), ("sv", "ö", "o", false), ("es", "ñ", "n", false),
        ("da", "aa", "å", true),
    ])
    func comparesAtPrimaryStrength(_ locale: String, _ a: String, _ b: String, _ equal: Bool) throws {
        let c = try Collation(locale: LocaleID(locale))
        #expect(c.equal(a, b) == equal)
        #expect((c.sortKey(a) == c.sortKey(b)) == equal)
    }
}
