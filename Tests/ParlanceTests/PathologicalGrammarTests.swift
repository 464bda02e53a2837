import Foundation
import Testing
@testable import Parlance

/// Grammars built to hurt: each compiles in bounded time and memory, or fails with a clear error.
struct PathologicalGrammarTests {
    static func grammar(_ sentence: String, rules: [String: String] = [:]) throws -> IntentGrammar {
        var g = IntentGrammar(language: "en")
        g.intents = [Intent(name: "X", blocks: [IntentBlock(templates: [try Template(sentence)])])]
        for (k, v) in rules { g.rules[k] = try Template(v) }
        return g
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let t0 = Date()
        try body()
        return Date().timeIntervalSince(t0)
    }

    @Test func deeplyNestedOptionalsCompileAndMatch() throws {
        let depth = 90
        let t = String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth) + " y"
        let m = try TemplateMatcher(grammar: Self.grammar(t))
        #expect(m.best("x y")?.intent == "X")
        #expect(m.best("y")?.intent == "X")
    }

    @Test func nestingBeyondTheLimitIsAClearError() {
        let t = String(repeating: "(", count: 500) + "x" + String(repeating: ")", count: 500)
        #expect {
            try Template(t)
        } throws: { error in
            "\(error)".contains("template nested deeper than 100 levels")
        }
    }

    @Test func thirtyWayPermutationMatchesInLinearTime() throws {
        let words = (0..<30).map { "w\($0)" }
        let m = try TemplateMatcher(grammar: Self.grammar("(" + words.joined(separator: ";") + ")"))
        var matched: TemplateMatch?
        let s = try Self.seconds { matched = m.best(words.reversed().joined(separator: " ")) }
        #expect(matched?.intent == "X")
        #expect(m.best(words.dropLast().joined(separator: " ")) == nil)
        #expect(s < 5)
    }

    @Test(arguments: [["a": "x <a>"], ["a": "<b> x", "b": "[y] <a>"]])
    func selfReferencingRulesAreRefused(_ rules: [String: String]) {
        #expect {
            try TemplateMatcher(grammar: Self.grammar("say <a>", rules: rules))
        } throws: { error in
            "\(error)".contains("refers to itself")
        }
    }

    @Test func unknownRulesAreRefused() {
        #expect(throws: GrammarError.self) { try TemplateMatcher(grammar: Self.grammar("say <nowhere>")) }
    }

    /// A million values compile into a trie; matching costs the length of the name.
    @Test func aMillionValuesCompileAndMatch() throws {
        let m = try TemplateMatcher(grammar: Self.grammar("turn on {name}"))
        var values: [SlotValue] = []
        values.reserveCapacity(1_000_000)
        for i in 0..<1_000_000 { values.append(SlotValue(text: "device \(i)")) }
        var lists: TemplateMatcher.Lists?
        let s = try Self.seconds { lists = try m.lists(["name": .values(values)]) }
        #expect(s < 120)
        #expect(m.best("turn on device 765432", lists: lists!)?.slots["name"]?.value == "device 765432")
        #expect(m.best("turn on device 1000000", lists: lists!) == nil)
    }

    @Test func hugeRangesAreRefused() {
        var g = IntentGrammar(language: "en")
        g.intents = [Intent(name: "X", blocks: [IntentBlock(templates: [try! Template("{n}")])])]
        g.lists["n"] = .range(NumberRange(from: 0, to: 50_000_000))
        #expect {
            try TemplateMatcher(grammar: g)
        } throws: { error in
            "\(error)".contains("too large")
        }
    }
}
