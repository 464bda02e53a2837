import Foundation
import Testing
import ParlanceText
@testable import Parlance

/// Payees and recipients that are not plain contact names (relations, the user's organizations,
/// names nobody has), and contacts said by sound, with the built-in sample apps and user.
struct PayeeTests {
    static let matcher = MatcherTests.matcher

    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let utterance: String
        /// The payee as said (a relation) or as the user wrote it (an organization).
        let payee: String
        /// SiriKit's relationship, for a relation.
        let relationship: String?
        let amount: String
        var description: String { "\(locale): \(utterance)" }
    }

    /// A relation or one of the user's organizations right before an amount ends where the
    /// amount starts, in every locale, whether or not the pack says how amounts are said.
    static let beforeAnAmount: [Case] = [
        Case(locale: "en-US", utterance: "pay my mom 10 dollars", payee: "my mom", relationship: "mother", amount: "10.0 USD"),
        Case(locale: "en-US", utterance: "pay the Riverside Tennis Club 50 dollars", payee: "Riverside Tennis Club",
             relationship: nil, amount: "50.0 USD"),
        Case(locale: "de-DE", utterance: "Zahl Mama 10 Euro", payee: "Mama", relationship: "mother", amount: "10.0 EUR"),
        Case(locale: "de-DE", utterance: "Zahl dem Riverside Tennis Club 60 Euro", payee: "Riverside Tennis Club",
             relationship: nil, amount: "60.0 EUR"),
        Case(locale: "es-ES", utterance: "Págale a mi hermano 20 euros", payee: "mi hermano", relationship: "brother", amount: "20.0 EUR"),
        Case(locale: "es-ES", utterance: "Págale al Riverside Tennis Club 45 euros", payee: "Riverside Tennis Club",
             relationship: nil, amount: "45.0 EUR"),
        Case(locale: "fr-FR", utterance: "Paye ma mère 50 euros", payee: "ma mère", relationship: "mother", amount: "50.0 EUR"),
        Case(locale: "fr-FR", utterance: "Paye le Riverside Tennis Club 50 euros", payee: "Riverside Tennis Club",
             relationship: nil, amount: "50.0 EUR"),
        Case(locale: "ru-RU", utterance: "заплати маме 10 евро", payee: "маме", relationship: "mother", amount: "10.0 EUR"),
        Case(locale: "ru-RU", utterance: "переведи брату 500 рублей", payee: "брату", relationship: "brother", amount: "500.0 RUB"),
        Case(locale: "ru-RU", utterance: "заплати Riverside Tennis Club 60 евро", payee: "Riverside Tennis Club",
             relationship: nil, amount: "60.0 EUR"),
        Case(locale: "ja-JP", utterance: "母に1000円送って", payee: "母", relationship: "mother", amount: "1000.0 JPY"),
        Case(locale: "ja-JP", utterance: "Riverside Tennis Clubに6000円払って", payee: "Riverside Tennis Club",
             relationship: nil, amount: "6000.0 JPY"),
        Case(locale: "zh-CN", utterance: "给我妈转100块", payee: "我妈", relationship: "mother", amount: "100.0 CNY"),
        Case(locale: "zh-CN", utterance: "给Riverside Tennis Club转600块", payee: "Riverside Tennis Club",
             relationship: nil, amount: "600.0 CNY"),
        // Unspaced: a possessive before the relation and a plural after it; an organization
        // said without its spaces.
        Case(locale: "zh-CN", utterance: "给我的经理们转100块", payee: "我的经理们", relationship: "manager", amount: "100.0 CNY"),
        Case(locale: "zh-CN", utterance: "给RiversideTennisClub转600块", payee: "Riverside Tennis Club",
             relationship: nil, amount: "600.0 CNY"),
    ]

    @Test(arguments: beforeAnAmount)
    func readsAPayeeBeforeAnAmount(_ c: Case) throws {
        let m = try #require(Self.matcher)
        let r = try m.match(c.utterance, locale: LocaleID(c.locale), top: 8)
        let best = try #require(r.interpretations.first)
        #expect(best.intent == "INSendPaymentIntent")
        #expect(best.accepted)
        #expect(best.parameters["currencyAmount"]?.value.map(PackTestRun.render) == c.amount)
        let payee = try #require(best.parameters["payee"])
        guard case .persons(let people)? = payee.value else {
            Issue.record("no payee")
            return
        }
        #expect(people.map(\.name) == [c.payee])
        #expect(people.first?.relationship == c.relationship)
        // An organization is the app's to confirm, as before; a relation is understood.
        #expect(payee.resolution == (c.relationship == nil ? .confirmationRequired : .success))
        // No accepted reading takes the amount for part of a name.
        #expect(r.interpretations.filter(\.accepted).allSatisfy { $0.parameters["currencyAmount"]?.value != nil })
    }

    /// Beside a typed value (an amount) a name nobody has still reads as the payee, to confirm.
    @Test(arguments: [
        ("de-DE", "Zahl Bob mit Geldbörse 10 Euro", "Bob"),
        ("fr-FR", "Verse 300 euros à la Mutuelle Horizon avec Porte-monnaie", "Mutuelle Horizon"),
    ])
    func acceptsAnUnknownPayeeBesideAnAmount(_ locale: String, _ utterance: String, _ name: String) throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match(utterance, locale: LocaleID(locale)).interpretations.first)
        #expect(best.accepted)
        #expect(best.resolution == .confirmationRequired)
        #expect(best.parameters["payee"]?.score == PersonResolver.Scoring.unknown)
        #expect(best.parameters["payee"]?.value.map(PackTestRun.render) == name)
    }

    /// Words that are a contact's name said by sound or in another script are the contact, not
    /// free text, in every locale.
    @Test(arguments: [
        ("en-US", "show photos of Li Wei", "李 伟"),
        ("de-DE", "zeig Fotos von Li Wei", "李 伟"),
        ("es-ES", "muéstrame fotos de Li Wei", "李 伟"),
        ("fr-FR", "montre les photos de Li Wei", "李 伟"),
        ("ru-RU", "покажи фото с Кейт", "Kate Bell"),
        ("ja-JP", "ケイトの写真を見せて", "Kate Bell"),
        ("zh-CN", "给我看凯特的照片", "Kate Bell"),
    ])
    func readsAContactBySoundRatherThanFreeText(_ locale: String, _ utterance: String, _ contact: String) throws {
        let m = try #require(Self.matcher)
        let best = try #require(try m.match(utterance, locale: LocaleID(locale)).interpretations.first)
        #expect(best.intent == "INSearchForPhotosIntent")
        #expect(best.accepted)
        #expect(best.parameters["peopleInPhoto"]?.value.map(PackTestRun.render) == contact)
        // By sound, or by the nickname a pack gives the name in its script (ja-JP: ケイト).
        #expect([.transliterated, .synonym].contains(best.parameters["peopleInPhoto"]?.match))
    }
}
