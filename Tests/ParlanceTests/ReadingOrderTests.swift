import Testing
import ParlanceText
@testable import Parlance

/// Two readings that score alike are a tie to ask about only when neither explains more of the
/// utterance: one that leaves fewer words to free text is taken.
struct NearTieTests {
    static let cases: [(locale: String, utterance: String, intent: String)] = [
        ("en-US", "Create a note called Packing list", "INCreateNoteIntent"),
        ("es-ES", "pon leche en mi lista groceries", "INAddTasksIntent"),
        ("fr-FR", "mets du lait sur ma liste groceries", "INAddTasksIntent"),
    ]

    @Test(arguments: cases)
    func takesTheReadingThatExplainsMore(_ c: (locale: String, utterance: String, intent: String)) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        #expect(best.intent == c.intent)
        #expect(best.accepted)
        #expect(best.resolution != .disambiguation)
    }

    @Test func keepsATieBetweenEquallySpecificReadings() {
        func reading(_ intent: String) -> Interpretation {
            Interpretation(app: nil, intent: intent, domain: "d", score: 0.9, accepted: true, resolution: .ready, parameters: [:])
        }
        var tied = [reading("A"), reading("B")]
        Interpreter.markNearTies(&tied, freeText: [5, 5])
        #expect(tied.allSatisfy { !$0.accepted && $0.resolution == .disambiguation })
        var clear = [reading("A"), reading("B")]
        Interpreter.markNearTies(&clear, freeText: [5, 27])
        #expect(clear[0].accepted)
    }

    /// Words a better accepted reading reads as a typed value are no free text of another
    /// accepted reading of the same intent and app; of another intent or app they may be.
    @Test func freeTextYieldsToTheSameWordsTyped() {
        func reading(_ intent: String, _ p: ParameterMatch) -> Interpretation {
            Interpretation(app: nil, intent: intent, domain: "d", score: 0.8, accepted: true, resolution: .ready, parameters: ["p": p])
        }
        let amount = ParameterMatch(value: .currency(amount: 45, currencyCode: "EUR"), text: "45 euros", range: 10..<18, score: 1,
                                    match: .currency, resolution: .success)
        let note = ParameterMatch(value: .text("45 euros"), text: "45 euros", range: 10..<18, score: 1, match: .wildcard,
                                  resolution: .success)
        let elsewhere = ParameterMatch(value: .text("euros"), text: "euros", range: 13..<18, score: 1, match: .wildcard,
                                       resolution: .success)
        var rs = [reading("Pay", amount), reading("Pay", note), reading("Note", note), reading("Pay", elsewhere)]
        Matcher.yieldingTypedWords(&rs)
        #expect(rs.map(\.accepted) == [true, false, true, true])
    }
}

/// A reading the named app cannot take ranks after one it can, whatever their scores.
struct AppSupportOrderTests {
    static let cases: [(locale: String, utterance: String, intent: String)] = [
        ("ru-RU", "в awesome покажи сообщения от анны", "INSearchForMessagesIntent"),
        ("ja-JP", "すごいでアンナさんからのメッセージを見せて", "INSearchForMessagesIntent"),
    ]

    @Test(arguments: cases)
    func putsWhatTheAppDoesFirst(_ c: (locale: String, utterance: String, intent: String)) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        #expect(best.intent == c.intent)
        #expect(best.resolution != .unsupported)
        #expect(best.accepted)
    }
}
