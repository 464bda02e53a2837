import Foundation
import Testing
import ParlanceText
@testable import Parlance

/// Lists of items said as free text, split for parameters that take several values, in each
/// language of the packs.
struct SpokenListTests {
    static let lists: [(locale: String, text: String, items: [String])] = [
        ("en-US", "milk, eggs and bread", ["milk", "eggs", "bread"]),
        ("en-US", "milk, eggs, and bread", ["milk", "eggs", "bread"]),
        ("en-US", "cake and candles and balloons", ["cake", "candles", "balloons"]),
        ("en-US", "mac and cheese, apples", ["mac", "cheese", "apples"]),
        ("en-US", "apples and bananas", ["apples", "bananas"]),
        ("de-DE", "1,5 kg Mehl und Brot", ["1,5 kg Mehl", "Brot"]),
        ("en-US", "1,000 sheets, pens", ["1,000 sheets", "pens"]),
        ("zh-CN", "和王芳吃饭，买牛奶", ["和王芳吃饭", "买牛奶"]),
        ("ja-JP", "田中さんと打ち合わせ、資料作成", ["田中さんと打ち合わせ", "資料作成"]),
        ("de-DE", "Tomaten und Gurken", ["Tomaten", "Gurken"]),
        ("ru-RU", "сыр и масло", ["сыр", "масло"]),
        ("es-ES", "aceite y sal", ["aceite", "sal"]),
        ("fr-FR", "tomates et fromage", ["tomates", "fromage"]),
        ("de-DE", "Milch, Eier und Brot", ["Milch", "Eier", "Brot"]),
        ("fr-FR", "lait, œufs et beurre", ["lait", "œufs", "beurre"]),
        ("es-ES", "leche, huevos y pan", ["leche", "huevos", "pan"]),
        ("es-ES", "tarta, velas e hilo", ["tarta", "velas", "hilo"]),
        ("ru-RU", "молоко, яйца и хлеб", ["молоко", "яйца", "хлеб"]),
        ("ja-JP", "牛乳と卵とパン", ["牛乳", "卵", "パン"]),
        ("ja-JP", "牛乳、卵、パン", ["牛乳", "卵", "パン"]),
        ("zh-CN", "牛奶、鸡蛋和面包", ["牛奶", "鸡蛋", "面包"]),
        ("zh-CN", "牛奶，鸡蛋，面包", ["牛奶", "鸡蛋", "面包"]),
        // One と joins things when the text ends on a noun and begins with no person.
        ("ja-JP", "充電器とパスポート", ["充電器", "パスポート"]),
        ("ja-JP", "段ボールとガムテープ。", ["段ボール", "ガムテープ。"]),
    ]

    @Test(arguments: lists)
    func splitsAListIntoItems(_ c: (locale: String, text: String, items: [String])) throws {
        let list = try Self.spokenList(c.locale)
        #expect(list.items(c.text) == c.items)
    }

    /// One item: no conjunction, a conjunction that means "with" rather than "and", or (in
    /// unspaced scripts) one conjunction alone.
    static let single: [(locale: String, text: String)] = [
        ("en-US", "send the report"), ("de-DE", "Bericht abschicken"), ("fr-FR", "envoyer le rapport"),
        ("es-ES", "enviar el informe"), ("ru-RU", "хлеб с маслом"), ("ru-RU", "позвонить маме"),
        ("ru-RU", "та самая книга"),
        ("ja-JP", "レポート提出"), ("ja-JP", "田中と会う"), ("ja-JP", "上司と面談"), ("ja-JP", "友達とランチ"),
        ("ja-JP", "母と買い物"), ("ja-JP", "彼女とデート"), ("ja-JP", "田中さんとランチ"), ("ja-JP", "田中と会う。"), ("zh-CN", "和平饭店订位"), ("zh-CN", "牛奶和鸡蛋"),
        ("en-US", ", ,"), ("en-US", ""),
    ]

    @Test(arguments: single)
    func keepsOneItemWhole(_ c: (locale: String, text: String)) throws {
        let list = try Self.spokenList(c.locale)
        #expect(list.items(c.text) == [c.text])
    }

    /// The list reader, with relation words as a locale pack gives them for people.
    static func spokenList(_ locale: String) throws -> SpokenList {
        let id = try LocaleID(locale)
        return SpokenList(profile: try TextAnalyzer.shared(for: id).profile, language: id.language) { ["上司", "母", "父"].contains($0) }
    }

    /// Items and names are trimmed of Unicode white space, as Foundation trims
    /// `whitespacesAndNewlines`: ideographic and no-break spaces, line and paragraph separators.
    @Test(arguments: ["  milk ", "\u{3000}牛乳\u{3000}", "\u{A0}Brot\u{2028}", "\t\nсыр\u{85}", "pain", "", "   ",
                      "\u{2029}x y\u{205F}", " \u{301}é "])
    func trimsWhiteSpaceAsFoundationDoes(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

extension SpokenListTests {
    /// `taskTitles` takes several titles: a list said as free text gives one per item, and other
    /// free text (`content`, which takes one) is kept whole.
    @Test func givesAnArrayParameterItsItems() throws {
        let add = try MatcherTests.best("Add milk, eggs and bread to my Groceries list in Jotter", "en-US")
        #expect(add.parameters["taskTitles"]?.value == .texts(["milk", "eggs", "bread"]))
        #expect(add.parameters["taskTitles"]?.text == "milk, eggs and bread")
        let one = try MatcherTests.best("add milk to my groceries list in Jotter", "en-US")
        #expect(one.parameters["taskTitles"]?.value == .text("milk"))
        let message = try MatcherTests.best("Tell John with Awesome: milk, eggs and bread", "en-US")
        #expect(message.parameters["content"]?.value == .text("milk, eggs and bread"))
    }

    /// In Japanese, one と joins the tasks of a list that ends on a noun, unless a person (a
    /// contact, a relation) comes before it: then it means "with".
    @Test(arguments: [
        ("ジョッターのGroceriesに牛乳と卵を追加して", ["牛乳", "卵"]),
        ("ジョッターのWorkに上司と面談を追加して", ["上司と面談"]),
        ("ジョッターのWorkに田中とランチを追加して", ["田中とランチ"]),
    ])
    func joinsJapaneseTasksWithOneTo(_ utterance: String, _ items: [String]) throws {
        let best = try MatcherTests.best(utterance, "ja-JP")
        #expect(best.intent == "INAddTasksIntent")
        #expect(best.parameters["taskTitles"]?.value == (items.count == 1 ? .text(items[0]) : .texts(items)))
    }

    @Test func encodesTextsAsAnArrayOfStrings() throws {
        let value = ParameterValue.texts(["milk", "eggs"])
        let json = try JSONEncoder().encode(value)
        #expect(String(decoding: json, as: UTF8.self) == #"["milk","eggs"]"#)
        #expect(try JSONDecoder().decode(ParameterValue.self, from: json) == value)
    }
}
