import Testing
@testable import ParlanceText

/// Numbers in digits and words, in each language claimed.
struct NumberTests {
    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let text: String
        let value: Double
        var ordinal = false
        var description: String { "\(locale): \(text)" }
    }

    static let cases: [Case] = [
        Case(locale: "en", text: "twenty one", value: 21),
        Case(locale: "en", text: "Twenty-One", value: 21),
        Case(locale: "en", text: "one hundred and five", value: 105),
        Case(locale: "en", text: "a hundred", value: 100),
        Case(locale: "en", text: "two thousand five hundred", value: 2500),
        Case(locale: "en", text: "twenty five thousand", value: 25000),
        Case(locale: "en", text: "1,000", value: 1000),
        Case(locale: "en", text: "3.5", value: 3.5),
        Case(locale: "en", text: "twenty first", value: 21, ordinal: true),
        Case(locale: "en", text: "21st", value: 21, ordinal: true),
        Case(locale: "de", text: "dreiundzwanzig", value: 23),
        Case(locale: "de", text: "hundertfünf", value: 105),
        Case(locale: "de", text: "zwo", value: 2),
        Case(locale: "de", text: "1.000", value: 1000),
        Case(locale: "de", text: "3,50", value: 3.5),
        Case(locale: "fr", text: "quatre-vingt-dix", value: 90),
        Case(locale: "fr", text: "vingt et un", value: 21),
        Case(locale: "fr", text: "1 000", value: 1000),
        Case(locale: "ru", text: "10\u{A0}500", value: 10500),
        Case(locale: "es", text: "veintiuno", value: 21),
        Case(locale: "es", text: "ciento cinco", value: 105),
        Case(locale: "it", text: "ventitré", value: 23),
        Case(locale: "pt", text: "vinte e um", value: 21),
        Case(locale: "ru", text: "двадцати одного", value: 21),
        Case(locale: "ru", text: "трое", value: 3),
        Case(locale: "ru", text: "пятьсот", value: 500),
        Case(locale: "ru", text: "троих", value: 3),
        Case(locale: "tr", text: "yirmi bir", value: 21),
        Case(locale: "ar", text: "١٠", value: 10),
        Case(locale: "ar", text: "عشرة", value: 10),
        Case(locale: "he", text: "עשרים", value: 20),
        Case(locale: "hi", text: "1,00,000", value: 100_000),
        Case(locale: "hi", text: "पाँच", value: 5),
        Case(locale: "ja", text: "二十一", value: 21),
        Case(locale: "ja", text: "三千五百", value: 3500),
        Case(locale: "zh", text: "两百", value: 200),
        Case(locale: "zh", text: "一百零五", value: 105),
        Case(locale: "zh", text: "两万五千", value: 25000),
        Case(locale: "zh", text: "５０", value: 50),
        Case(locale: "ko", text: "스물", value: 20),
        Case(locale: "th", text: "๑๒", value: 12),
    ]

    @Test(arguments: cases)
    func reads(_ c: Case) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(c.locale))
        let spans = a.analyze(c.text).numbers
        #expect(spans.count == 1, "\(spans)")
        #expect(spans.first?.value == c.value)
        #expect(spans.first?.isOrdinal == c.ordinal)
    }

    @Test func readsACounterAfterAHanNumeral() throws {
        let a = try TextAnalyzer.shared(for: LocaleID("ja"))
        let n = a.analyze("三人で予約").numbers
        #expect(n.map(\.value) == [3])
        #expect(n.first?.range == 0..<1)
    }

    @Test(arguments: [("zh", "我们一起去吧"), ("en", "someone is here"), ("de", "einkaufen gehen"), ("ja", "一緒に行こう")])
    func findsNoNumberInOrdinaryWords(_ locale: String, _ text: String) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(locale))
        #expect(a.analyze(text).numbers.isEmpty)
    }

    @Test func findsNumbersInsideASentenceWithRanges() throws {
        let a = try TextAnalyzer.shared(for: LocaleID("en"))
        let text = "book a table for twenty one people at 7"
        let n = a.analyze(text).numbers
        #expect(n.map(\.value) == [21, 7])
        let u = Array(text.utf16)
        #expect(n.map { String(decoding: u[$0.range], as: UTF16.self) } == ["twenty one", "7"])
    }
}

struct AmountTests {
    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let text: String
        let amount: Double
        let code: String
        var description: String { "\(locale): \(text)" }
    }

    static let cases: [Case] = [
        Case(locale: "en-US", text: "$20", amount: 20, code: "USD"),
        Case(locale: "en-US", text: "20 bucks", amount: 20, code: "USD"),
        Case(locale: "en-US", text: "twenty dollars", amount: 20, code: "USD"),
        Case(locale: "en-AU", text: "twenty dollars", amount: 20, code: "AUD"),
        Case(locale: "en-GB", text: "twenty dollars", amount: 20, code: "USD"),
        Case(locale: "en-GB", text: "£5", amount: 5, code: "GBP"),
        Case(locale: "en-US", text: "20 USD", amount: 20, code: "USD"),
        Case(locale: "de-DE", text: "20 €", amount: 20, code: "EUR"),
        Case(locale: "de-DE", text: "20 Euro", amount: 20, code: "EUR"),
        Case(locale: "de-DE", text: "zwanzig Euro", amount: 20, code: "EUR"),
        Case(locale: "de-DE", text: "€3,50", amount: 3.5, code: "EUR"),
        Case(locale: "fr-FR", text: "vingt euros", amount: 20, code: "EUR"),
        Case(locale: "es-ES", text: "veinte euros", amount: 20, code: "EUR"),
        Case(locale: "it-IT", text: "venti euro", amount: 20, code: "EUR"),
        Case(locale: "pt-BR", text: "R$ 50", amount: 50, code: "BRL"),
        Case(locale: "ru-RU", text: "пятьсот рублей", amount: 500, code: "RUB"),
        Case(locale: "tr-TR", text: "yirmi lira", amount: 20, code: "TRY"),
        Case(locale: "ja-JP", text: "5000円", amount: 5000, code: "JPY"),
        Case(locale: "ja-JP", text: "千円", amount: 1000, code: "JPY"),
        Case(locale: "ja-JP", text: "三千円", amount: 3000, code: "JPY"),
        Case(locale: "zh-CN", text: "两百块", amount: 200, code: "CNY"),
        Case(locale: "zh-CN", text: "五十元", amount: 50, code: "CNY"),
        Case(locale: "zh-CN", text: "两百块钱", amount: 200, code: "CNY"),
        Case(locale: "ko-KR", text: "만 원", amount: 10000, code: "KRW"),
    ]

    @Test(arguments: cases)
    func reads(_ c: Case) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(c.locale))
        let r = a.analyze(c.text)
        #expect(r.amounts.count == 1, "\(r.amounts) numbers: \(r.numbers)")
        #expect(r.amounts.first?.amount == c.amount)
        #expect(r.amounts.first?.currencyCode == c.code)
        #expect(r.amounts.first?.range == 0..<c.text.utf16.count)
    }

    @Test func leavesABareNumberAlone() throws {
        let a = try TextAnalyzer.shared(for: LocaleID("en-US"))
        #expect(a.analyze("I need 20 for lunch").amounts.isEmpty)
    }

    /// A price said as two bare numbers, hundredths second, is an amount in the locale's
    /// currency where a bare minor part is hundredths; nothing else is.
    @Test(arguments: [
        ("es-ES", "doce cincuenta", 12.5, "EUR"), ("es-ES", "doce con cincuenta", 12.5, "EUR"),
        ("en-US", "twelve fifty", 12.5, "USD"), ("de-DE", "zwölf fünfzig", 12.5, "EUR"),
        ("fr-FR", "douze cinquante", 12.5, "EUR"), ("ru-RU", "двенадцать пятьдесят", 12.5, "RUB"),
        ("es-ES", "doce y cincuenta", nil, nil), ("es-ES", "doce cinco", nil, nil), ("es-ES", "mil cincuenta", nil, nil),
        ("en-US", "twelve", nil, nil), ("ja-JP", "千二百 五十", nil, nil), ("zh-CN", "十二 五十", nil, nil),
        ("es-ES", "15 con 10 de propina", nil, nil),
    ] as [(String, String, Double?, String?)])
    func readsAPriceSaidAsTwoBareNumbers(_ locale: String, _ text: String, _ amount: Double?, _ code: String?) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(locale))
        let r = a.analyze(text)
        let bare = a.currencies.bareAmounts(in: r.tokens, numbers: r.numbers)
        #expect(bare.first?.amount == amount)
        #expect(bare.first?.currencyCode == code)
        if amount != nil { #expect(bare.first?.range == 0..<text.utf16.count) }
        if amount == nil { #expect(bare.isEmpty) }
        #expect(r.amounts.isEmpty)
    }

    @Test func namesTheLocalCurrency() throws {
        #expect(try TextAnalyzer.shared(for: LocaleID("de-CH")).currencies.localCurrency == "CHF")
        #expect(try TextAnalyzer.shared(for: LocaleID("ja")).currencies.localCurrency == "JPY")
        #expect(try TextAnalyzer.shared(for: LocaleID("en-US")).currencies.currency(named: "US dollars") == "USD")
    }
}

/// Numbers as people say and write them beside the forms ICU spells: digits with a Han
/// magnitude, Chinese shortened tails, Japanese numbers in kana, and "and" inside a number.
struct SpokenNumberTests {
    static let cases: [NumberTests.Case] = [
        .init(locale: "ja", text: "8万", value: 80_000),
        .init(locale: "ja", text: "1.5万", value: 15_000),
        .init(locale: "ja", text: "1万2千", value: 12_000),
        .init(locale: "ja", text: "いちまん", value: 10_000),
        .init(locale: "ja", text: "さんぜん", value: 3000),
        .init(locale: "ja", text: "ごひゃく", value: 500),
        .init(locale: "ja", text: "ろっぴゃくごじゅう", value: 650),
        .init(locale: "ja", text: "にまんはっせん", value: 28_000),
        .init(locale: "ja", text: "じゅうまん", value: 100_000),
        .init(locale: "zh", text: "1.5万", value: 15_000),
        .init(locale: "zh", text: "20万", value: 200_000),
        .init(locale: "zh", text: "两万五", value: 25_000),
        .init(locale: "zh", text: "一百五", value: 150),
        .init(locale: "zh", text: "三千五", value: 3500),
        .init(locale: "zh", text: "3万5", value: 35_000),
        .init(locale: "en", text: "a hundred and fifty", value: 150),
        .init(locale: "en", text: "a thousand and five", value: 1005),
        .init(locale: "en", text: "two thousand and twenty", value: 2020),
        .init(locale: "en", text: "a hundred and twenty five", value: 125),
        .init(locale: "en", text: "a couple of", value: 2),
        .init(locale: "en", text: "five grand", value: 5000),
        .init(locale: "ru", text: "5 тысяч", value: 5000),
        .init(locale: "ru", text: "2 тысячи", value: 2000),
        .init(locale: "ru", text: "2 тыс", value: 2000),
        .init(locale: "ru", text: "3 млн", value: 3e6),
        .init(locale: "es", text: "5 millones", value: 5e6),
        .init(locale: "de", text: "5 Millionen", value: 5e6),
        .init(locale: "en", text: "2 grand", value: 2000),
        .init(locale: "de", text: "hundertundeins", value: 101),
        .init(locale: "de", text: "zweihundertundfünfzig", value: 250),
        .init(locale: "es", text: "un par de", value: 2),
        .init(locale: "en", text: "two and a half", value: 2.5),
        .init(locale: "fr", text: "deux et demi", value: 2.5),
        .init(locale: "es", text: "dos y medio", value: 2.5),
        .init(locale: "ru", text: "два с половиной", value: 2.5),
        .init(locale: "de", text: "zweieinhalb", value: 2.5),
        .init(locale: "de", text: "anderthalb", value: 1.5),
        .init(locale: "de", text: "zweieinhalbtausend", value: 2500),
        .init(locale: "ru", text: "две с половиной тысячи", value: 2500),
        .init(locale: "en", text: "two and a half thousand", value: 2500),
    ]

    @Test(arguments: cases)
    func reads(_ c: NumberTests.Case) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(c.locale))
        let spans = a.analyze(c.text).numbers
        #expect(spans.map(\.value) == [c.value])
        #expect(spans.first?.range == 0..<c.text.utf16.count)
    }

    /// Japanese keeps the unit's tail (二万五 is 20 005); a kana particle or honorific alone is no number.
    @Test(arguments: [("ja", "二万五", [20_005.0]), ("ja", "さとうさんに", []), ("ja", "いちばん", []), ("ru", "тысячи людей", []),
                      ("es", "millones de personas", []),
                      ("ja", "せんせいに", []), ("ja", "じゅうしょ", []), ("ja", "ごよやく", [])])
    func leavesOtherReadings(_ locale: String, _ text: String, _ values: [Double]) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(locale))
        #expect(a.analyze(text).numbers.map(\.value) == values)
    }

    @Test func readsAKanaNumberBeforeACounter() throws {
        let a = try TextAnalyzer.shared(for: LocaleID("ja"))
        let n = a.analyze("びすとろ あした ろくにんで よやく").numbers
        #expect(n.map(\.value) == [6])
        #expect(n.first?.range == 9..<11)
    }
}

/// Amounts as people say them: a Han magnitude after digits, kana, and the major and minor
/// units said apart ("5 euros 50", "3块5").
struct SpokenAmountTests {
    static let cases: [AmountTests.Case] = [
        .init(locale: "ja-JP", text: "8万円", amount: 80_000, code: "JPY"),
        .init(locale: "ja-JP", text: "1万2千円", amount: 12_000, code: "JPY"),
        .init(locale: "ja-JP", text: "いちまんえん", amount: 10_000, code: "JPY"),
        .init(locale: "ja-JP", text: "さんぜんえん", amount: 3000, code: "JPY"),
        .init(locale: "ja-JP", text: "ごひゃくえん", amount: 500, code: "JPY"),
        .init(locale: "ja-JP", text: "5ユーロ50セント", amount: 5.5, code: "EUR"),
        .init(locale: "ja-JP", text: "5ドル50セント", amount: 5.5, code: "USD"),
        .init(locale: "zh-CN", text: "20万元", amount: 200_000, code: "CNY"),
        .init(locale: "zh-CN", text: "1.5万元", amount: 15_000, code: "CNY"),
        .init(locale: "zh-CN", text: "两万五块", amount: 25_000, code: "CNY"),
        .init(locale: "zh-CN", text: "3块5", amount: 3.5, code: "CNY"),
        .init(locale: "zh-CN", text: "三块五", amount: 3.5, code: "CNY"),
        .init(locale: "zh-CN", text: "3元5角", amount: 3.5, code: "CNY"),
        .init(locale: "zh-CN", text: "3块5毛", amount: 3.5, code: "CNY"),
        .init(locale: "zh-CN", text: "3元5角6分", amount: 3.56, code: "CNY"),
        .init(locale: "zh-CN", text: "五毛钱", amount: 0.5, code: "CNY"),
        .init(locale: "zh-CN", text: "一块半", amount: 1.5, code: "CNY"),
        .init(locale: "en-US", text: "a hundred and fifty dollars", amount: 150, code: "USD"),
        .init(locale: "en-US", text: "10 dollars and 25 cents", amount: 10.25, code: "USD"),
        .init(locale: "en-US", text: "ten dollars fifty", amount: 10.5, code: "USD"),
        .init(locale: "en-US", text: "$10 and 25 cents", amount: 10.25, code: "USD"),
        .init(locale: "en-US", text: "50 cents", amount: 0.5, code: "USD"),
        .init(locale: "en-US", text: "a couple of dollars", amount: 2, code: "USD"),
        .init(locale: "de-DE", text: "5 Euro 50", amount: 5.5, code: "EUR"),
        .init(locale: "de-DE", text: "zwanzig Euro fünfzig", amount: 20.5, code: "EUR"),
        .init(locale: "de-DE", text: "5 Euro und 50 Cent", amount: 5.5, code: "EUR"),
        .init(locale: "de-DE", text: "50 Cent", amount: 0.5, code: "EUR"),
        .init(locale: "fr-FR", text: "5 € 50", amount: 5.5, code: "EUR"),
        .init(locale: "fr-FR", text: "vingt euros cinquante", amount: 20.5, code: "EUR"),
        .init(locale: "fr-FR", text: "cinq euros et cinquante centimes", amount: 5.5, code: "EUR"),
        .init(locale: "fr-FR", text: "50 centimes", amount: 0.5, code: "EUR"),
        .init(locale: "es-ES", text: "3 euros con 50", amount: 3.5, code: "EUR"),
        .init(locale: "es-ES", text: "5 euros 50", amount: 5.5, code: "EUR"),
        .init(locale: "es-ES", text: "diez euritos", amount: 10, code: "EUR"),
        .init(locale: "es-ES", text: "5 eurillos", amount: 5, code: "EUR"),
        .init(locale: "es-ES", text: "cinco euros con cincuenta", amount: 5.5, code: "EUR"),
        .init(locale: "es-ES", text: "cinco euros y cincuenta céntimos", amount: 5.5, code: "EUR"),
        .init(locale: "es-ES", text: "50 céntimos", amount: 0.5, code: "EUR"),
        .init(locale: "ru-RU", text: "3 евро 50 центов", amount: 3.5, code: "EUR"),
        .init(locale: "ru-RU", text: "20 рублей 50 копеек", amount: 20.5, code: "RUB"),
        .init(locale: "ru-RU", text: "двадцать рублей пятьдесят копеек", amount: 20.5, code: "RUB"),
        .init(locale: "ru-RU", text: "20 рублей 50", amount: 20.5, code: "RUB"),
        .init(locale: "ru-RU", text: "50 копеек", amount: 0.5, code: "RUB"),
        .init(locale: "ru-RU", text: "два с половиной рубля", amount: 2.5, code: "RUB"),
        .init(locale: "en-US", text: "two and a half dollars", amount: 2.5, code: "USD"),
        .init(locale: "de-DE", text: "zweieinhalb Euro", amount: 2.5, code: "EUR"),
        .init(locale: "es-ES", text: "dos y medio euros", amount: 2.5, code: "EUR"),
        .init(locale: "es-ES", text: "dos euros y medio", amount: 2.5, code: "EUR"),
        .init(locale: "fr-FR", text: "deux euros et demi", amount: 2.5, code: "EUR"),
        .init(locale: "ru-RU", text: "5 тысяч рублей", amount: 5000, code: "RUB"),
        .init(locale: "zh-CN", text: "两毛五", amount: 0.25, code: "CNY"),
        .init(locale: "zh-CN", text: "3块5毛5", amount: 3.55, code: "CNY"),
        // An article before the currency's name is one of it.
        .init(locale: "en-US", text: "a dollar", amount: 1, code: "USD"),
        .init(locale: "en-US", text: "a dollar fifty", amount: 1.5, code: "USD"),
        .init(locale: "en-GB", text: "a pound", amount: 1, code: "GBP"),
        .init(locale: "de-DE", text: "einen Euro", amount: 1, code: "EUR"),
        .init(locale: "de-DE", text: "ein Euro fünfzig", amount: 1.5, code: "EUR"),
        .init(locale: "es-ES", text: "un euro", amount: 1, code: "EUR"),
        .init(locale: "es-ES", text: "una libra", amount: 1, code: "GBP"),
        .init(locale: "fr-FR", text: "une livre", amount: 1, code: "GBP"),
        .init(locale: "fr-FR", text: "un euro cinquante", amount: 1.5, code: "EUR"),
        .init(locale: "it-IT", text: "un euro", amount: 1, code: "EUR"),
        .init(locale: "pt-BR", text: "um real", amount: 1, code: "BRL"),
        .init(locale: "nl-NL", text: "een euro", amount: 1, code: "EUR"),
        // Banknotes named by their worth, in the locale's currency, times a number before them.
        .init(locale: "de-DE", text: "nen Zwanni", amount: 20, code: "EUR"),
        .init(locale: "de-DE", text: "einen Fuffi", amount: 50, code: "EUR"),
        .init(locale: "de-DE", text: "den Fuffi", amount: 50, code: "EUR"),
        .init(locale: "de-DE", text: "einem Zehner", amount: 10, code: "EUR"),
        .init(locale: "de-DE", text: "zwei Zehner", amount: 20, code: "EUR"),
        .init(locale: "de-CH", text: "einen Zwanziger", amount: 20, code: "CHF"),
        .init(locale: "en-US", text: "a fiver", amount: 5, code: "USD"),
        .init(locale: "en-GB", text: "two tenners", amount: 20, code: "GBP"),
        // Russian slang for sums of roubles, said alone too, as Russian has no article.
        .init(locale: "ru-RU", text: "косарь", amount: 1000, code: "RUB"),
        .init(locale: "ru-RU", text: "два косаря", amount: 2000, code: "RUB"),
        .init(locale: "ru-RU", text: "полтинник", amount: 50, code: "RUB"),
        .init(locale: "ru-RU", text: "пятихатку", amount: 500, code: "RUB"),
        .init(locale: "ru-RU", text: "3 сотки", amount: 300, code: "RUB"),
        // A banknote said by the word for one and its worth, counted or not.
        .init(locale: "fr-FR", text: "un billet de vingt", amount: 20, code: "EUR"),
        .init(locale: "fr-FR", text: "deux billets de 50", amount: 100, code: "EUR"),
        .init(locale: "es-ES", text: "un billete de veinte", amount: 20, code: "EUR"),
        // A pound said alone is sterling.
        .init(locale: "ru-RU", text: "20 фунтов", amount: 20, code: "GBP"),
        .init(locale: "ru-RU", text: "десять фунтов стерлингов", amount: 10, code: "GBP"),
        // Everyday and written names ICU's Chinese and Japanese data lack.
        .init(locale: "zh-CN", text: "$30", amount: 30, code: "USD"),
        .init(locale: "zh-CN", text: "100港币", amount: 100, code: "HKD"),
        .init(locale: "zh-CN", text: "三十美刀", amount: 30, code: "USD"),
        .init(locale: "zh-CN", text: "一百大洋", amount: 100, code: "CNY"),
        .init(locale: "ja-JP", text: "$30", amount: 30, code: "USD"),
    ]

    /// A banknote's name is an amount only as a word of its own: "Zehnerkarte" is none.
    /// …and only where the language names banknotes so.
    @Test(arguments: [("de-DE", "die Zehnerkarte"), ("de-DE", "ein Hunderterpack"), ("en-US", "the tenner-style hat"),
                      ("fr-FR", "un fiver")])
    func readsABanknoteOnlyAsItsOwnWord(_ locale: String, _ text: String) throws {
        let r = try TextAnalyzer.shared(for: LocaleID(locale)).analyze(text)
        #expect(r.amounts.isEmpty, "\(r.amounts)")
    }

    /// An article is one of a currency only before its name in words: "a $5 gift" is five
    /// dollars, "a hundred dollars" a hundred.
    @Test(arguments: [("en-US", "send Bob a $5 gift", 5.0), ("en-US", "a hundred dollars", 100)])
    func readsAnArticleAsOneOnlyBeforeAName(_ locale: String, _ text: String, _ amount: Double) throws {
        let r = try TextAnalyzer.shared(for: LocaleID(locale)).analyze(text)
        #expect(r.amounts.map(\.amount) == [amount])
    }

    @Test(arguments: cases)
    func reads(_ c: AmountTests.Case) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(c.locale))
        let r = a.analyze(c.text)
        #expect(r.amounts.count == 1, "\(r.amounts) numbers: \(r.numbers)")
        #expect(r.amounts.first.map { ($0.amount * 100).rounded() } == (c.amount * 100).rounded())
        #expect(r.amounts.first?.currencyCode == c.code)
        #expect(r.amounts.first?.range == 0..<c.text.utf16.count)
        #expect(r.amounts.first?.tokens == 0..<r.tokens.count)
    }

    /// Inside a sentence the amount's range covers its words and nothing beside them.
    @Test(arguments: [("es-ES", "paga a Ana 5 euros 50 por la comida", "5 euros 50"),
                      ("de-DE", "schick Anna zwanzig Euro fünfzig für das Essen", "zwanzig Euro fünfzig"),
                      ("en-US", "send Bob 10 dollars and 25 cents for lunch", "10 dollars and 25 cents"),
                      ("ru-RU", "переведи Анне 20 рублей 50 копеек за обед", "20 рублей 50 копеек"),
                      ("ja-JP", "王さんに家賃の8万円を振り込んで", "8万円"),
                      ("ja-JP", "はなこに いちまんえん おくって", "いちまんえん"),
                      ("zh-CN", "给安娜转3块5午饭钱", "3块5")])
    func coversTheWordsRead(_ locale: String, _ text: String, _ said: String) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(locale))
        let r = a.analyze(text)
        let u = Array(text.utf16)
        #expect(r.amounts.map { String(decoding: u[$0.range], as: UTF16.self) } == [said])
    }

    /// A number after an amount is its minor part only when it can be: not a new amount, not a count.
    @Test(arguments: [("en-US", "5 euros 50 dollars", [5.0, 50]), ("de-DE", "5 Euro 2 mal", [5.0]),
                      ("en-US", "10 dollars 2 times", [10.0]), ("ja-JP", "5ドル50", [5.0]),
                      ("zh-CN", "100块5个人分", [100.0]), ("zh-CN", "转100块5点前", [100.0])])
    func keepsOtherNumbersApart(_ locale: String, _ text: String, _ amounts: [Double]) throws {
        let a = try TextAnalyzer.shared(for: LocaleID(locale))
        #expect(a.analyze(text).amounts.map(\.amount) == amounts)
    }
}
