import Testing
import ParlanceText
@testable import Parlance

/// A parameter whose slot is filled by another list than the parameter's own typed list takes
/// that list's value: `{workoutActivity:workoutName}` gives the activity's key, not the words.
struct SlotValueTests {
    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let utterance: String
        let parameter: String
        let value: String
        var description: String { "\(locale): \(utterance)" }
    }

    static let cases: [Case] = [
        Case(locale: "ja-JP", utterance: "ストライドでランニングを止めて", parameter: "workoutName", value: "run"),
        Case(locale: "zh-CN", utterance: "用步伐停止跑步", parameter: "workoutName", value: "run"),
        Case(locale: "ru-RU", utterance: "приостанови пробежку в Stride", parameter: "workoutName", value: "run"),
    ]

    @Test(arguments: cases)
    func takesTheValueOfTheListThatMatched(_ c: Case) throws {
        let best = try MatcherTests.best(c.utterance, c.locale)
        let p = try #require(best.parameters[c.parameter])
        #expect(p.value == .text(c.value))
        #expect(p.match == .exact)
        #expect(p.score == 1)
    }
}
