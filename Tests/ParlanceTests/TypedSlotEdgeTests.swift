import Testing
import ParlanceText
@testable import Parlance

/// A date, an amount or a person said next to free text goes to its typed parameter: the pack's `<date>`
/// and `<amount>` rules make those lists match only their shapes, and of readings that score
/// alike the one leaving less to free text wins.
struct TypedSlotEdgeTests {
    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let utterance: String
        /// The typed parameter and what it says; the free-text parameter beside it and its text.
        /// The typed parameter (a date, an amount or a person) and the words it must take.
        let typed: (name: String, text: String)
        let text: (name: String, text: String)
        var description: String { "\(locale): \(utterance)" }
    }

    static let cases: [Case] = [
        Case(locale: "en-US", utterance: "Book a table for two at Chez Panisse tomorrow at 7 pm",
             typed: ("bookingDateComponents", "tomorrow at 7 pm"), text: ("restaurant", "Chez Panisse")),
        Case(locale: "en-US", utterance: "Remind me to call the bank tomorrow at 9",
             typed: ("temporalEventTrigger", "tomorrow at 9"), text: ("taskTitles", "call the bank")),
        Case(locale: "de-DE", utterance: "reserviere einen tisch im adlon für 2 personen morgen um 19 uhr",
             typed: ("bookingDateComponents", "morgen um 19 uhr"), text: ("restaurant", "adlon")),
        Case(locale: "es-ES", utterance: "Recuérdame llamar al banco mañana a las 9",
             typed: ("temporalEventTrigger", "mañana a las 9"), text: ("taskTitles", "llamar al banco")),
        Case(locale: "fr-FR", utterance: "Réserve une table pour deux chez Septime demain à 20 heures",
             typed: ("bookingDateComponents", "demain à 20 heures"), text: ("restaurant", "Septime")),
        Case(locale: "ru-RU", utterance: "забронируй столик в ресторане Белуга на завтра в семь вечера на четверых",
             typed: ("bookingDateComponents", "завтра в семь вечера"), text: ("restaurant", "Белуга")),
        Case(locale: "ja-JP", utterance: "明日の夜7時にすし匠を2名で予約して",
             typed: ("bookingDateComponents", "明日の夜7時"), text: ("restaurant", "すし匠")),
        Case(locale: "zh-CN", utterance: "订明天晚上七点海底捞三位",
             typed: ("bookingDateComponents", "明天晚上七点"), text: ("restaurant", "海底捞")),
        Case(locale: "ru-RU", utterance: "Переведи Анне двадцать евро за обед через Кошелёк",
             typed: ("currencyAmount", "двадцать евро"), text: ("payee", "Анне")),
        Case(locale: "zh-CN", utterance: "用钱包给安娜转二十欧元午饭钱",
             typed: ("currencyAmount", "二十欧元"), text: ("note", "午饭钱")),
        // A contact by nickname scores as a given name alone, so it too wins the edge of a wildcard.
        Case(locale: "ru-RU", utterance: "покажи фотографии из Киото с Димой",
             typed: ("peopleInPhoto", "Димой"), text: ("locationCreated", "Киото")),
    ]

    @Test(arguments: cases)
    func takesTheTypedWordsFromTheFreeText(_ c: Case) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        let profile = try TextAnalyzer.shared(for: LocaleID(c.locale)).profile
        func said(_ name: String) -> String { profile.key(best.parameters[name]?.text ?? "") }
        #expect(said(c.typed.name) == profile.key(c.typed.text))
        #expect(said(c.text.name) == profile.key(c.text.text))
    }

    @Test func namesTheRuleOfEachShapedType() {
        #expect(LocalePack.shapeRules[.date] == "date")
        #expect(LocalePack.shapeRules[.currency] == "amount")
    }
}
