import Foundation
import Testing
@testable import ParlanceText

/// Tokens, ranges and match keys in every language the text layer claims.
struct TokenizationTests {
    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let text: String
        /// Expected tokens as `text=key@start-end`; the key is omitted when equal to the text.
        let tokens: [String]
        var description: String { "\(locale): \(text)" }
    }

    static func render(_ t: Token) -> String {
        (t.key == t.text ? t.text : "\(t.text)=\(t.key)") + "@\(t.range.lowerBound)-\(t.range.upperBound)"
    }

    static let cases: [Case] = [
        Case(locale: "en", text: "Book a ride, please!", tokens: ["Book=book@0-4", "a@5-6", "ride@7-11", "please@13-19"]),
        Case(locale: "en", text: "I’ll be 10 minutes late", tokens: ["I’ll=i'll@0-4", "be@5-7", "10@8-10", "minutes@11-18", "late@19-23"]),
        Case(locale: "de", text: "Überweise Jürgen 20 €", tokens: ["Überweise=uberweise@0-9", "Jürgen=jurgen@10-16", "20@17-19", "€@20-21"]),
        Case(locale: "fr", text: "Crème Brûlée, s'il te plaît", tokens: ["Crème=creme@0-5", "Brûlée=brulee@6-12", "s'il@14-18", "te@19-21", "plaît=plait@22-27"]),
        Case(locale: "es", text: "¿Cuánto cuesta el año?", tokens: ["Cuánto=cuanto@1-7", "cuesta@8-14", "el@15-17", "año=ano@18-21"]),
        Case(locale: "it", text: "Perché è così", tokens: ["Perché=perche@0-6", "è=e@7-8", "così=cosi@9-13"]),
        Case(locale: "pt", text: "Ligação para São Paulo", tokens: ["Ligação=ligacao@0-7", "para@8-12", "São=sao@13-16", "Paulo=paulo@17-22"]),
        Case(locale: "ru", text: "Напиши Маше: ёлка, йод", tokens: ["Напиши=напиши@0-6", "Маше=маше@7-11", "ёлка=елка@13-17", "йод@19-22"]),
        Case(locale: "tr", text: "İSTANBUL'a git, ISPARTA", tokens: ["İSTANBUL'a=istanbul'a@0-10", "git@11-14", "ISPARTA=isparta@16-23"]),
        Case(locale: "ar", text: "أرسل كِتَابٌ إلى ١٠ أشخاص", tokens: ["أرسل=ارسل@0-4", "كِتَابٌ=كتاب@5-12", "إلى=الى@13-16", "١٠=10@17-19", "أشخاص=اشخاص@20-25"]),
        Case(locale: "he", text: "שָׁלוֹם עולם", tokens: ["שָׁלוֹם=שלום@0-7", "עולם@8-12"]),
        Case(locale: "ja", text: "ﾊﾟｰﾃｨｰを予約して", tokens: ["ﾊﾟｰﾃｨｰ=ぱーてぃー@0-6", "を@6-7", "予約@7-9", "し@9-10", "て@10-11"]),
        // Dakuten are part of the letter: nothing is folded away.
        Case(locale: "ja", text: "がぎぐ", tokens: ["が@0-1", "ぎ@1-2", "ぐ@2-3"]),
        Case(locale: "zh", text: "设置卧室窗帘为50%", tokens: ["设置@0-2", "卧室@2-4", "窗帘@4-6", "为@6-7", "50@7-9", "%@9-10"]),
        Case(locale: "ko", text: "엄마에게 메시지 보내줘", tokens: ["엄마에게@0-4", "메시지@5-8", "보내줘@9-12"]),
        Case(locale: "th", text: "เปิดไฟห้องนอน", tokens: ["เปิด@0-4", "ไฟ@4-6", "ห้อง@6-10", "นอน@10-13"]),
        Case(locale: "hi", text: "बत्ती जलाओ", tokens: ["बत्ती@0-5", "जलाओ@6-10"]),
        Case(locale: "vi", text: "Mở đèn phòng", tokens: ["Mở=mở@0-2", "đèn@3-6", "phòng@7-12"]),
    ]

    @Test(arguments: cases)
    func tokenizesAndKeys(_ c: Case) throws {
        let p = try TextProfile(locale: LocaleID(c.locale))
        #expect(p.tokenize(c.text).map(Self.render) == c.tokens)
    }

    struct Equivalence: CustomStringConvertible, Sendable {
        let locale: String
        let a: String
        let b: String
        let equal: Bool
        var description: String { "\(locale): \(a) \(equal ? "=" : "≠") \(b)" }
    }

    static let equivalences: [Equivalence] = [
        Equivalence(locale: "tr", a: "İSTANBUL", b: "istanbul", equal: true),
        Equivalence(locale: "tr", a: "ISPARTA", b: "ısparta", equal: true),
        Equivalence(locale: "fr", a: "Crème Brûlée", b: "creme brulee", equal: true),
        Equivalence(locale: "de", a: "Straße", b: "strasse", equal: true),
        Equivalence(locale: "de", a: "ＳＴＲＡＳＳＥ", b: "strasse", equal: true),
        Equivalence(locale: "ja", a: "ﾊﾟｰﾃｨｰ", b: "パーティー", equal: true),
        Equivalence(locale: "ja", a: "が", b: "か", equal: false),
        Equivalence(locale: "ar", a: "كِتَابٌ", b: "كتاب", equal: true),
        Equivalence(locale: "he", a: "שָׁלוֹם", b: "שלום", equal: true),
        Equivalence(locale: "ru", a: "Ёлка", b: "елка", equal: true),
        Equivalence(locale: "ru", a: "мой", b: "мои", equal: false),
        Equivalence(locale: "th", a: "ไก่", b: "ไก", equal: false),
        Equivalence(locale: "hi", a: "कमल", b: "कमला", equal: false),
        Equivalence(locale: "vi", a: "mà", b: "ma", equal: false),
        Equivalence(locale: "es", a: "CAFÉ", b: "cafe", equal: true),
        Equivalence(locale: "en", a: "Cafe\u{301}", b: "café", equal: true),
        Equivalence(locale: "en", a: "don’t", b: "don't", equal: true),
        Equivalence(locale: "zh", a: "５０", b: "50", equal: true),
        Equivalence(locale: "ko", a: "한국", b: "한국", equal: true),
        Equivalence(locale: "pt", a: "Ação", b: "acao", equal: true),
        Equivalence(locale: "it", a: "Città", b: "citta", equal: true),
    ]

    @Test(arguments: equivalences)
    func foldsPerLocale(_ e: Equivalence) throws {
        let p = try TextProfile(locale: LocaleID(e.locale))
        #expect((p.key(e.a) == p.key(e.b)) == e.equal, "\(p.key(e.a)) vs \(p.key(e.b))")
    }

    @Test(arguments: [
        ("ru", "Шагомер", "shagomer"), ("en", "Маша", "masha"), ("ja", "パーティー", "pati"), ("zh", "步数", "bushu"), ("ar", "كتاب", "ktab"),
        ("el", "Αθήνα", "athena"), ("de", "Schrittzähler", "schrittzahler"), ("ko", "서울", "seoul"),
    ])
    func latinKeysCrossScripts(_ locale: String, _ text: String, _ latin: String) throws {
        let p = try TextProfile(locale: LocaleID(locale))
        #expect(p.latinKey(text) == latin)
        // Asked again, the remembered transliteration is the same.
        #expect(p.latinKey(text) == latin)
    }

    /// A shared memo keeps what it is given until it is full, then starts over: it never holds
    /// more than its limit, whatever it is fed.
    @Test func memoStaysWithinItsLimit() {
        let memo = SharedMemo<String, Int>(limit: 4)
        for i in 0..<4 { memo["k\(i)"] = i }
        #expect(memo["k3"] == 3)
        #expect(memo.count == 4)
        memo["k4"] = 4
        #expect(memo.count == 1)
        #expect(memo["k0"] == nil)
        #expect(memo["k4"] == 4)
        DispatchQueue.concurrentPerform(iterations: 1000) { i in memo["t\(i % 50)"] = i }
        #expect(memo.count <= 4)
    }

    @Test func marksSpacesBetweenTokens() throws {
        let ja = try TextProfile(locale: LocaleID("ja"))
        let t = ja.tokenize("予約して ください")
        #expect(t.map(\.spaceBefore).filter { $0 }.count == 2)
        #expect(t.first { $0.text.hasPrefix("く") }?.spaceBefore == true)
        #expect(ja.key("予約して ください") == "予約して ください")
        let en = try TextProfile(locale: LocaleID("en"))
        #expect(en.key("Hello,   World!") == "hello world")
    }
}
