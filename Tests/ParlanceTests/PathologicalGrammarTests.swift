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

    /// Eight wildcards, each closed by the same word, before a word the text lacks: ways through
    /// are exponentially many, but every one of them ends the same few ways, so a continuation
    /// found to lead nowhere is not walked again (`DeadEnds`); the second alternative, tried
    /// after the first, is reached long before the step limit, for the best match and for all.
    @Test func wildcardsBeforeADeadEndAreWalkedOnce() throws {
        let names = "abcdefgh".map(String.init)
        var g = IntentGrammar(language: "en")
        let dead = names.map { "{\($0)}" }.joined(separator: " x ") + " y"
        g.intents = [Intent(name: "X", blocks: [IntentBlock(templates: [try Template("(\(dead)|{z} w)")])])]
        for n in names + ["z"] { g.lists[n] = .wildcard }
        let m = try TemplateMatcher(grammar: g)
        let text = Array(repeating: "q x", count: 60).joined(separator: " ") + " w"
        #expect(m.best(text)?.slots["z"]?.text == Array(repeating: "q x", count: 60).joined(separator: " "))
        let all = m.all(text, bestSlot: nil, limit: 16)
        #expect(all.count == 1)
        #expect(all.first?.slots["z"] != nil)
    }

    /// Optional digits that "1234567890" fills in C(24, 9) ways, each reaching the same place:
    /// the continuation is resumed once per state, however many frames were pushed on the way
    /// (`MatchEngine.exact`), so the second alternative is reached long before the step limit.
    @Test func ambiguousOptionalsReachingTheSameStateAreWalkedOnce() throws {
        let optionals = String(repeating: "[<d>]", count: 24)
        var g = try Self.grammar("(<d>\(optionals) y|{z} y)", rules: ["d": "(0|1|2|3|4|5|6|7|8|9)"])
        g.lists["z"] = .wildcard
        let all = try TemplateMatcher(grammar: g).all("1234567890 y", bestSlot: nil, limit: 16)
        #expect(all.count == 2)
        #expect(all.contains { $0.slots["z"]?.text == "1234567890" })
    }

    /// Three thousand values of one name, each followed by the same rule of optional digits:
    /// the rule reads no list, so where it ends is worked out once per place in the text
    /// (`MatchEngine.memoized`), not once per value, and the second alternative (more literal
    /// text, so the best match) is reached long before the step limit.
    @Test func aRuleWithoutListsIsWalkedOncePerPlace() throws {
        let optionals = String(repeating: "[<d>]", count: 24)
        var g = try Self.grammar("({p} <d>\(optionals) y|a 1234567890 y)", rules: ["d": "(0|1|2|3|4|5|6|7|8|9)"])
        g.lists["p"] = .values((0..<3_000).map { SlotValue(text: "a", output: .number(Double($0))) })
        let best = try TemplateMatcher(grammar: g).best("a 1234567890 y")
        #expect(best != nil)
        #expect(best?.slots["p"] == nil)
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
