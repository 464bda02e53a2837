import Foundation
import Testing
import ParlanceText
@testable import Parlance

/// Skip words ("please", "gracias", "пожалуйста") are ignored between a template's parts, but
/// free text keeps them: a message is what was said.
struct SkipWordTests {
    static func grammar(asSaid: Bool) -> String {
        """
        language: en
        settings: {wildcards_as_said: \(asSaid)}
        intents:
          Tell:
            data:
              - sentences: ["tell {person} [that] {message} [now]"]
        lists:
          person: {values: [anna, john]}
          message: {wildcard: true}
        skip_words: [please, "can you"]
        """
    }

    static func matcher(asSaid: Bool) throws -> TemplateMatcher {
        try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: grammar(asSaid: asSaid), file: "tell.yaml"))
    }

    struct Said: CustomStringConvertible, Sendable {
        let utterance: String
        /// The wildcard's text, hassil's and as said.
        let hassil: String
        let asSaid: String
        /// What free text takes as said (the wildcard with the skip words next to it).
        let free: String
        var description: String { utterance }
    }

    static let said: [Said] = [
        Said(utterance: "tell anna that call me please back", hassil: "call me back", asSaid: "call me please back",
             free: "call me please back"),
        Said(utterance: "tell anna that please call me back", hassil: "call me back", asSaid: "call me back",
             free: "please call me back"),
        Said(utterance: "can you tell john, can you call me back now", hassil: "call me back", asSaid: "call me back",
             free: "can you call me back"),
        Said(utterance: "tell john that I'm late, please, now", hassil: "I'm late", asSaid: "I'm late", free: "I'm late, please"),
    ]

    /// The words of `utterance` in UTF-16 range `r`.
    static func words(_ utterance: String, _ r: Range<Int>) -> String {
        String(decoding: Array(utterance.utf16)[r], as: UTF16.self)
    }

    /// hassil's text without the skip words unless the grammar asks for wildcards as said; the
    /// range is the same either way.
    @Test(arguments: said)
    func wildcardsKeepSkipWordsAsSaid(_ c: Said) throws {
        let plain = try #require(try Self.matcher(asSaid: false).best(c.utterance)?.slots["message"])
        #expect(plain.text == c.hassil)
        #expect(plain.value == .string(c.hassil))
        #expect(plain.saidRange == nil)
        let m = try #require(try Self.matcher(asSaid: true).best(c.utterance)?.slots["message"])
        #expect(m.text == c.asSaid)
        #expect(m.value == .string(c.asSaid))
        #expect(m.range == plain.range)
        #expect(Self.words(c.utterance, try #require(m.saidRange)) == c.free)
    }

    /// Skip words at the utterance's ends stay out of free text, as hassil leaves them.
    @Test func leavesSkipWordsAtTheEndsOut() throws {
        let said = "please tell anna call me back please"
        let m = try #require(try Self.matcher(asSaid: true).best(said)?.slots["message"])
        #expect(Self.words(said, try #require(m.saidRange)) == "call me back")
    }

    /// Free text that begins the utterance keeps no skip word said before it when read as said
    /// ("Bitte Inception in Filmabend abspielen" plays "Inception"); hassil's wildcard keeps it.
    @Test(arguments: [(true, "call me back"), (false, "please call me back")])
    func leavesASkipWordBeforeLeadingFreeTextOut(_ asSaid: Bool, _ expected: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            settings: {wildcards_as_said: \(asSaid)}
            intents:
              Tell:
                data:
                  - sentences: ["{message} to {person}"]
            lists:
              person: {values: [anna, john]}
              message: {wildcard: true}
            skip_words: [please]
            """, file: "lead.yaml"))
        let said = "please call me back to anna"
        let slot = try #require(m.best(said)?.slots["message"])
        #expect(slot.text == expected)
        if asSaid { #expect(Self.words(said, try #require(slot.saidRange)) == expected) }
    }

    /// A parameter's expected value in a locale, as `PackTestRun.render` renders it.
    typealias Case = SlotValueTests.Case

    /// In every locale: a skip word at the start of a message, or inside it, is the message's.
    static let messages: [Case] = [
        Case(locale: "en-US", utterance: "tell John please call me back", parameter: "content", value: "please call me back"),
        Case(locale: "en-US", utterance: "Send a message to John with Awesome saying please bring the keys", parameter: "content",
             value: "please bring the keys"),
        Case(locale: "en-US", utterance: "tell John I can't come please call me back", parameter: "content",
             value: "I can't come please call me back"),
        Case(locale: "es-ES", utterance: "Dile a Anna por Genial que gracias por todo", parameter: "content", value: "gracias por todo"),
        Case(locale: "es-ES", utterance: "Dile a Anna por Genial que ponga gracias por todo", parameter: "content",
             value: "ponga gracias por todo"),
        Case(locale: "de-DE", utterance: "Sag Anna mit Super bitte ruf mich zurück", parameter: "content", value: "bitte ruf mich zurück"),
        Case(locale: "de-DE", utterance: "Sag Anna danke für alles mit Super", parameter: "content", value: "danke für alles"),
        Case(locale: "fr-FR", utterance: "Dis à Anna avec Génial que s'il te plaît elle me rappelle", parameter: "content",
             value: "s'il te plaît elle me rappelle"),
        Case(locale: "ru-RU", utterance: "напиши Маше что пожалуйста перезвони мне", parameter: "content",
             value: "пожалуйста перезвони мне"),
        Case(locale: "ja-JP", utterance: "佐藤さんに、ちょっと遅れるってメッセージを送って", parameter: "content", value: "ちょっと遅れる"),
        Case(locale: "zh-CN", utterance: "用信鸽给李伟发消息说麻烦你带钥匙", parameter: "content", value: "麻烦你带钥匙"),
        // Typed values still leave skip words out, and so do places.
        Case(locale: "de-DE", utterance: "Überweis José bitte hundert Euro für die Miete", parameter: "currencyAmount", value: "100.0 EUR"),
        Case(locale: "zh-CN", utterance: "请问温德气球从国贸到望京可以坐哪些车", parameter: "dropOffLocation", value: "望京"),
        Case(locale: "en-US", utterance: "book a ride to the airport please with WenderLoon", parameter: "dropOffLocation", value: "the airport"),
        Case(locale: "es-ES", utterance: "Pídeme un globo al aeropuerto por favor con WenderLoon", parameter: "dropOffLocation",
             value: "aeropuerto"),
        Case(locale: "de-DE", utterance: "Bestell mir einen Ballon zum Flughafen bitte mit WenderLoon", parameter: "dropOffLocation",
             value: "Flughafen"),
    ]

    @Test(arguments: messages)
    func freeTextKeepsSkipWords(_ c: Case) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        #expect(best.accepted)
        let p = try #require(best.parameters[c.parameter])
        #expect(p.value.map(PackTestRun.render) == c.value)
        let range = try #require(p.range)
        #expect(Self.words(c.utterance, range[0]..<range[1]) == p.text)
    }

    /// Without spaces between words (Chinese, Japanese), a space said beside a skip word at the
    /// start or end is no longer left at the text's edge, where it stopped the match.
    @Test(arguments: [("zh-CN", "请 给李伟打电话"), ("zh-CN", "嗯 给李伟打电话"), ("zh-CN", "给李伟打电话 好吗"),
                      ("ja-JP", "えっと 佐藤さんに電話して"), ("ja-JP", "佐藤さんに電話して お願い")])
    func spacesBesideSkipWordsAtTheEdges(_ locale: String, _ utterance: String) throws {
        let best = try MatcherTests.best(utterance, locale)
        #expect(best.intent == "INStartCallIntent")
        #expect(best.accepted)
    }

    /// A skip word dropped between two characters does not let a template's word take a
    /// character of the text after it: "记一下 下周二开会" is "记一下" and "下周二开会", not "记下" and "周二开会".
    @Test(arguments: [
        Case(locale: "zh-CN", utterance: "记一下 下周二开会", parameter: "content", value: "下周二开会"),
        Case(locale: "zh-CN", utterance: "用随手记记一下 下周二开会", parameter: "content", value: "下周二开会"),
        Case(locale: "zh-CN", utterance: "记一下下周二开会", parameter: "content", value: "下周二开会"),
    ])
    func skipWordsDoNotJoinTheirNeighbours(_ c: Case) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        #expect(best.parameters[c.parameter]?.value.map(PackTestRun.render) == c.value)
    }
}
