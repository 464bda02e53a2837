import Foundation
import Testing
@testable import Parlance

/// The matcher on small grammars: hassil's semantics, normalization per locale, ranking.
struct TemplateMatcherTests {
    static let english = """
        language: en
        intents:
          HassTurnOn:
            data:
              - sentences: ["(turn|switch) on [the] {name}", "[the] {name} on"]
                metadata: {slot_combination: name_only}
          HassLightSet:
            data:
              - sentences: ["set [the] brightness [of] [the] {name} to {brightness}[%| percent]"]
                metadata: {slot_combination: name_brightness}
          HassShoppingListAddItem:
            data:
              - sentences: ["add {shopping_list_item} to [my] shopping list"]
          HassGetState:
            data:
              - sentences: ["(is; [the] {name}) {state}"]
                slots: {domain: light}
          HassNevermind:
            data:
              - sentences: ["never mind", "nevermind"]
        lists:
          brightness: {range: {from: 0, to: 100}}
          shopping_list_item: {wildcard: true}
          state:
            values:
              - {in: "(on|lit)", out: "on"}
              - {in: "off", out: "off"}
        skip_words: [please, "can you"]
        """

    static let chinese = """
        language: zh-CN
        settings: {ignore_whitespace: true}
        intents:
          HassSetPosition:
            data:
              - sentences: ["[把]设置{area}窗帘为{position}[%]"]
        lists:
          position: {range: {from: 0, to: 100}}
        """

    struct Case: CustomStringConvertible, Sendable {
        let utterance: String
        let intent: String?
        let slots: [String: JSONValue]
        var description: String { utterance }
    }

    @Test(arguments: [
        Case(utterance: "Turn on the Kitchen Light!", intent: "HassTurnOn", slots: ["name": "Kitchen Light"]),
        Case(utterance: "please switch on kitchen light", intent: "HassTurnOn", slots: ["name": "Kitchen Light"]),
        Case(utterance: "the kitchen light on", intent: "HassTurnOn", slots: ["name": "Kitchen Light"]),
        Case(utterance: "set the brightness of the kitchen light to 50%", intent: "HassLightSet",
             slots: ["name": "Kitchen Light", "brightness": 50]),
        Case(utterance: "set brightness of kitchen light to seventy five percent", intent: "HassLightSet",
             slots: ["name": "Kitchen Light", "brightness": 75]),
        Case(utterance: "add milk and eggs to my shopping list", intent: "HassShoppingListAddItem",
             slots: ["shopping_list_item": "milk and eggs"]),
        Case(utterance: "is the kitchen light lit", intent: "HassGetState",
             slots: ["name": "Kitchen Light", "state": "on", "domain": "light"]),
        Case(utterance: "kitchen light is off", intent: "HassGetState",
             slots: ["name": "Kitchen Light", "state": "off", "domain": "light"]),
        Case(utterance: "never-mind", intent: "HassNevermind", slots: [:]),
        Case(utterance: "turn on the garage", intent: nil, slots: [:]),
    ])
    func matchesEnglish(_ c: Case) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen Light", context: ["domain": "light"])])])
        let best = m.best(c.utterance, lists: lists)
        #expect(best?.intent == c.intent)
        if c.intent != nil { #expect(best?.slots.mapValues(\.value) == c.slots) }
    }

    /// Digits next to CJK characters, full-width digits, and spaces between CJK characters.
    @Test(arguments: ["设置卧室窗帘为50%", "把设置 卧室 窗帘为５０％", "设置卧室窗帘为五十"])
    func matchesChineseWithDigitsBesideIdeographs(_ utterance: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.chinese, file: "zh.yaml"))
        let lists = try m.lists(["area": .values([SlotValue(text: "卧室")])])
        let best = m.best(utterance, lists: lists)
        #expect(best?.intent == "HassSetPosition")
        #expect(best?.slots["position"]?.value == 50)
        #expect(best?.slots["area"]?.value == "卧室")
    }

    /// A list value said by a template keeps as its text and value what was said, without the
    /// space its template took before an optional part left out ("yesterday [evening]").
    @Test(arguments: [("photos from yesterday", "yesterday"), ("photos from yesterday evening please", "yesterday evening"),
                      ("photos from last week", "last week")])
    func readsATemplatedValueWithoutEdgeSpaces(_ u: String, _ said: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              ShowPhotos:
                data:
                  - sentences: ["photos from {day}"]
            lists:
              day:
                values:
                  - in: "(yesterday|last week) [evening]"
            skip_words: [please]
            """, file: "en.yaml"))
        let slot = try #require(m.best(u, lists: m.lists([:]))?.slots["day"])
        #expect(slot.text == said)
        #expect(slot.value == .string(said))
        let r = try #require(slot.range)
        #expect((u as NSString).substring(with: NSRange(location: r.lowerBound, length: r.count)) == said)
    }

    @Test func reportsRangesInTheUtterance() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen Light")])])
        let u = "Please, turn on the Kitchen Light"
        let slot = try #require(m.best(u, lists: lists)?.slots["name"])
        let r = try #require(slot.range)
        #expect((u as NSString).substring(with: NSRange(location: r.lowerBound, length: r.count)) == "Kitchen Light")
    }

    /// A block's `requires_context` and `excludes_context` are judged against the caller's
    /// context alike whether it has a few entries (compared key by key) or many (hashed); a
    /// required key the context lacks fails the match. Expected results are hassil 3.13's.
    @Test(arguments: [
        (["area": "kitchen"], nil),
        (["domain": "light"], "HassTurnOn"),
        (["domain": "switch"], nil),
        (["area": "garage"], nil),
        (["domain": .array(["light", "fan"])], nil),
        (["a": "1", "b": "2", "c": "3", "d": "4", "area": "kitchen", "domain": "light"], "HassTurnOn"),
        (["a": "1", "b": "2", "c": "3", "d": "4", "area": "kitchen", "domain": "switch"], nil),
        (["a": "1", "b": "2", "c": "3", "d": "4", "area": "garage", "domain": "light"], nil),
        (["domain": "light", "area": "garage"], nil),
        (["domain": "light", "area": "kitchen"], "HassTurnOn"),
    ] as [([String: JSONValue], String?)])
    func judgesTheCallersContext(_ c: ([String: JSONValue], String?)) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["lights on"]
                    requires_context:
                      domain: light
                    excludes_context:
                      area: garage
            """, file: "en.yaml"))
        #expect(m.best("lights on", context: c.0)?.intent == c.1)
    }

    /// A key is looked up alike in a context scanned (up to four entries) and one hashed (five
    /// or more): found first, last or in the middle, or absent.
    @Test(arguments: 0...6)
    func looksAKeyUpInAContextOfAnySize(_ n: Int) {
        var context: [String: JSONValue] = [:]
        for i in 0..<n { context["k\(i)"] = .string("v\(i)") }
        for i in 0..<n { #expect(ContextRules.value(of: "k\(i)", in: context) == .string("v\(i)")) }
        #expect(ContextRules.value(of: "k\(n)", in: context) == nil)
        #expect(ContextRules.value(of: "k", in: context) == nil)
        #expect(ContextRules.value(of: "k0", in: nil) == nil)
        // What the block check reads: a required value that differs, and an excluded one present.
        if n > 0 {
            let last = "k\(n - 1)"
            #expect(ContextRules.satisfiesRequired([last: .string("v\(n - 1)")], context, allowMissing: false))
            #expect(!ContextRules.satisfiesRequired([last: "other"], context, allowMissing: true))
            #expect(!ContextRules.satisfiesExcluded([last: .string("v\(n - 1)")], context))
            #expect(ContextRules.satisfiesExcluded([last: "other"], context))
        }
        #expect(ContextRules.satisfiesRequired(["absent": "x"], context, allowMissing: true))
        #expect(!ContextRules.satisfiesRequired(["absent": "x"], context, allowMissing: false))
    }

    /// Ranks equal in all else go by intent name in code point order, as Python compares
    /// strings (`"Z" < "Ä" < "ア"`; a prefix first; an equal name is no better).
    @Test(arguments: [
        ("HassTurnOff", "HassTurnOn", true), ("HassTurnOn", "HassTurnOff", false), ("Hass", "HassTurnOn", true),
        ("HassTurnOn", "HassTurnOn", false), ("Z", "Ä", true), ("Ä", "Z", false), ("Ä", "ア", true), ("e\u{301}", "é", true),
    ])
    func ranksTiesByIntentCodePoints(_ a: String, _ b: String, _ less: Bool) {
        func rank(_ intent: String) -> TemplateMatch.Rank {
            TemplateMatch.Rank(bestSlotLength: nil, wildcards: 0, literal: 3, wildcardText: 0, intent: intent)
        }
        #expect((rank(a) < rank(b)) == less)
        #expect((rank(a) < rank(b)) == a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars))
    }

    /// A block group's conditions, unwrapped once, judge every context as the conditions as
    /// written do: single values, lists of values, `{value: …}`, null (any value), missing keys.
    @Test(arguments: [
        ["area": "kitchen"] as [String: JSONValue], ["area": .object(["value": "kitchen", "text": "Kitchen"])],
        ["area": "garage"], ["domain": "light"], ["domain": "fan", "area": "kitchen"], ["area": .null], [:],
    ])
    func judgesConditionsUnwrappedOnce(_ context: [String: JSONValue]) {
        let conditions: [[String: JSONValue]] = [
            ["area": "kitchen"], ["area": .object(["value": "kitchen"])], ["area": .array(["garage", "kitchen"])],
            ["area": .null], ["domain": "light", "area": "kitchen"], ["domain": .array(["light", "switch"])], [:],
        ]
        for required in conditions {
            for excluded in conditions {
                for allowMissing in [true, false] {
                    let written = ContextRules.satisfiesRequired(required, context, allowMissing: allowMissing)
                        && ContextRules.satisfiesExcluded(excluded, context)
                    let unwrapped = ContextRules.satisfies(required: ContextRules.conditions(required),
                                                           excluded: ContextRules.conditions(excluded),
                                                           allowMissing: allowMissing, context)
                    #expect(unwrapped == written, "requires \(required), excludes \(excluded), missing allowed: \(allowMissing)")
                }
            }
        }
    }

    /// The best slot may change from one call to the next on the same matcher (whose engines are
    /// reused): each call ranks by its own, as hassil does with and without `best_slot_name`.
    @Test func ranksByEachCallsBestSlot() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on [the] {name}", "turn on [the] {name} light"]
            """, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen"), SlotValue(text: "Kitchen Light")])])
        for slot in ["name", nil, "name", nil, nil, "name"] as [String?] {
            let best = m.best("turn on the kitchen light", lists: lists, bestSlot: slot)
            // hassil 3.13: "Kitchen Light" with best_slot_name="name", "Kitchen" without.
            #expect(best?.slots["name"]?.value == (slot == nil ? "Kitchen" : "Kitchen Light"), "\(slot ?? "none")")
        }
    }

    /// The context after a match is the caller's with what the matched values add, a later
    /// value's keys over an earlier one's and over the caller's.
    @Test func addsTheContextOfMatchedValues() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen Light", context: ["domain": "light", "floor": "1"])])])
        let caller: [String: JSONValue] = ["area": "kitchen", "domain": "switch"]
        let match = try #require(m.best("turn on the kitchen light", lists: lists, context: caller))
        #expect(match.context == ["area": "kitchen", "domain": "light", "floor": "1"])
        #expect(try #require(m.best("never mind", lists: lists, context: caller)).context == caller)
    }

    /// A list extended for one utterance keeps only the values that occur in it, and reads it
    /// as the whole list extended would: the same matches, values and ranges.
    @Test(arguments: ["turn on the kitchen light", "turn on the lamp 7", "switch on the Hall Lamp",
                      "turn on the porch-light", "turn on nothing here"])
    func extendsAListForOneUtteranceAsForAll(_ u: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let names = ["Kitchen Light", "Hall Lamp", "Porch Light"] + (0..<500).map { "Lamp \($0)" }
        let base = try m.lists(["name": .values(names.map { SlotValue(text: $0) })])
        let extra = ["name": [SlotValue(text: "kitchen"), SlotValue(text: "porch")]]
        let whole = try m.lists(base, adding: extra)
        let narrowed = try m.lists(base, adding: extra, for: u)
        func seen(_ lists: TemplateMatcher.Lists) -> [String] {
            m.all(u, lists: lists).map { "\($0.intent) \($0.slots.mapValues { "\($0.value)@\($0.range.map(String.init(describing:)) ?? "-")" }.sorted { $0.key < $1.key })" }
        }
        #expect(seen(narrowed) == seen(whole))
    }

    /// A hyphen may be read as a space, so the values kept for an utterance with one are those
    /// found in either reading ("porch-light" keeps "Porch Light"), not the whole list.
    @Test(arguments: ["turn on the porch-light", "turn on the porch_light"])
    func narrowsAListForAnUtteranceWithAHyphen(_ u: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let names = ["Porch Light", "Hall Lamp"] + (0..<500).map { "Lamp \($0)" }
        let base = try m.lists(["name": .values(names.map { SlotValue(text: $0) })])
        let narrowed = try m.lists(base, adding: ["name": [SlotValue(text: "porch")]], for: u)
        let id = try #require(m.program.listNameIDs["name"])
        #expect(narrowed.byID[Int(id)]?.values.count == 2)
        #expect(m.best(u, lists: narrowed)?.slots["name"]?.value == "Porch Light")
    }

    /// An utterance with decomposed accents is composed (NFC) before matching, and the slot
    /// reads the composed text while its range covers what was said.
    @Test func composesDecomposedAccents() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Café Light")])])
        let u = "turn on the cafe\u{301} light"
        let slot = try #require(m.best(u, lists: lists)?.slots["name"])
        #expect(slot.value == "Café Light")
        #expect(slot.text == "café light")
        #expect(slot.range?.lowerBound == 12)
        #expect(slot.range?.upperBound == 23)  // the characters after the accent keep their offsets
    }

    /// hassil's ranking: the longest entity name wins.
    @Test func prefersTheLongestName() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen"), SlotValue(text: "Kitchen Light")])])
        let all = m.all("turn on the kitchen light", lists: lists)
        #expect(all.first?.slots["name"]?.value == "Kitchen Light")
    }

    /// With a limit, `all` gives what sorting every match and keeping the first would, ties
    /// (the same name twice, with other outputs) in trial order.
    @Test(arguments: ["turn on the kitchen light", "kitchen light on", "is the kitchen light on", "add kitchen light to my shopping list"])
    func keepsTheBestMatchesUpToALimit(_ utterance: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.english, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen"), SlotValue(text: "Kitchen Light", output: "a"),
                                                  SlotValue(text: "kitchen light", output: "b"), SlotValue(text: "Light")])])
        func seen(_ ms: [TemplateMatch]) -> [String] { ms.map { "\($0) \($0.rank) \($0.template.text)" } }
        let every = m.all(utterance, lists: lists)
        #expect(!every.isEmpty)
        for k in 1...(every.count + 1) {
            #expect(seen(m.all(utterance, lists: lists, limit: k)) == seen(Array(every.prefix(k))), "limit \(k)")
        }
    }

    /// Without a best slot, matches that can no longer beat the last one kept (more wildcards
    /// already, or too little text left for as many literal code points) are not followed:
    /// the matches kept are still those sorting every match would keep first.
    @Test(arguments: ["send a message to kate saying hi there", "tell kate that the message is late",
                      "send kate a message", "message kate saying send a message to kate"])
    func keepsTheBestMatchesWithoutABestSlot(_ utterance: String) throws {
        let yaml = """
            language: en
            intents:
              Send:
                data:
                  - sentences: ["send [a] message to {who} saying {text}", "send {who} a message", "tell {who} [that] {text}",
                                "message {who} saying {text}", "{text} to {who}", "send {text}", "{text}"]
            lists:
              text: {wildcard: true}
              who: {wildcard: true}
            """
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: yaml, file: "en.yaml"))
        func seen(_ ms: [TemplateMatch]) -> [String] { ms.map { "\($0) \($0.rank) \($0.template.text)" } }
        let every = m.all(utterance, bestSlot: nil)
        #expect(every.count >= 2)
        for k in 1...(every.count + 1) {
            #expect(seen(m.all(utterance, bestSlot: nil, limit: k)) == seen(Array(every.prefix(k))), "limit \(k)")
        }
    }

    /// A name said inside a longer word, in each spaced script: hassil reads letters, so a value
    /// may end inside a word ("Bob" of "Bobby") and a wildcard take the rest. With `wholeWords`
    /// (locale packs), such a way through is no match at all, so it takes no place among the
    /// best kept: with room for one, the reading that keeps the word whole is the one kept.
    struct WordCase: CustomStringConvertible, Sendable {
        let language: String
        let verb: String
        let name: String
        let utterance: String
        let said: String
        var description: String { utterance }
    }

    @Test(arguments: [
        WordCase(language: "en", verb: "tell", name: "Bob", utterance: "tell Bobby hi", said: "Bobby hi"),
        WordCase(language: "de", verb: "sag", name: "Jan", utterance: "sag Jana hallo", said: "Jana hallo"),
        WordCase(language: "fr", verb: "dis à", name: "Paul", utterance: "dis à Paulette salut", said: "Paulette salut"),
        WordCase(language: "es", verb: "dile a", name: "Ana", utterance: "dile a Anabel hola", said: "Anabel hola"),
        WordCase(language: "ru", verb: "скажи", name: "Маш", utterance: "скажи Машеньке привет", said: "Машеньке привет"),
    ])
    func slotsKeepWordsWhole(_ c: WordCase) throws {
        let yaml = """
            language: \(c.language)
            intents:
              Tell:
                data:
                  - sentences: ["\(c.verb) {name} {message}", "\(c.verb) {who}"]
            lists:
              name: {values: ["\(c.name)"]}
              who: {wildcard: true}
              message: {wildcard: true}
            """
        var grammar = try GrammarLoader.grammar(yaml: yaml, file: "x.yaml")
        let letters = try TemplateMatcher(grammar: grammar)
        #expect(letters.all(c.utterance, bestSlot: nil, limit: 1).first?.slots["name"]?.text == c.name)
        grammar.wholeWords = true
        let words = try TemplateMatcher(grammar: grammar)
        let kept = words.all(c.utterance, bestSlot: nil, limit: 1)
        #expect(kept.first?.slots["name"] == nil)
        #expect(kept.first?.slots["who"]?.text == c.said)
        #expect(words.all(c.utterance, bestSlot: nil).allSatisfy { $0.slots["name"] == nil })
    }

    /// A way through found again another way (optionals that each may take the same word) is
    /// kept once: copies of the first value's match would crowd out the second value's, and an
    /// app that shares its name with another would be taken for the only one.
    @Test(arguments: [("en", "{app} [x] [x] [x] now", "Wallet x now"), ("zh-CN", "用{app}[了][了][了]转账", "用钱包了转账")])
    func keepsEachWayThroughOnce(_ c: (language: String, template: String, utterance: String)) throws {
        let name = c.language == "en" ? "Wallet" : "钱包"
        let yaml = """
            language: \(c.language)
            intents:
              Pay:
                data:
                  - sentences: ["\(c.template)"]
            lists:
              app: {values: [{in: "\(name)", out: "first"}, {in: "\(name)", out: "second"}]}
            """
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: yaml, file: "x.yaml"))
        let apps = m.all(c.utterance, bestSlot: nil, limit: 2).compactMap { $0.slots["app"]?.value }
        #expect(apps == [.string("first"), .string("second")])
        #expect(m.all(c.utterance, bestSlot: nil).count == 2)
    }

    /// Two slots, `who` and `whom`, with request-time lists.
    static func callMatcher() throws -> TemplateMatcher {
        let yaml = """
            language: en
            intents:
              Call:
                data:
                  - sentences: ["call {who}", "ring {whom}"]
            lists:
              who: {values: []}
              whom: {values: []}
            """
        return try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: yaml, file: "x.yaml"))
    }

    @Test func aListMayReadAnotherListsValues() throws {
        let m = try Self.callMatcher()
        let lists = try m.lists(["who": .values([SlotValue(text: "Kate Bell")])], aliases: ["whom": "who"])
        #expect(m.best("ring kate bell", lists: lists)?.slots["whom"]?.text == "kate bell")
        #expect(m.best("ring kate bell", lists: try m.lists(["who": .values([SlotValue(text: "Kate Bell")])])) == nil)
    }

    /// Values added to compiled lists match as if the lists had been compiled with them, and
    /// the lists they were added to are left as they were.
    @Test func listsExtendedWithValues() throws {
        let m = try Self.callMatcher()
        let base = try m.lists(["who": .values([SlotValue(text: "Kate Bell", output: .number(0))])], aliases: ["whom": "who"])
        let more = try m.lists(base, adding: ["who": [SlotValue(text: "Джон", output: .number(-1))]], aliases: ["whom": "who"])
        let whole = try m.lists(["who": .values([SlotValue(text: "Kate Bell", output: .number(0)),
                                                 SlotValue(text: "Джон", output: .number(-1))])], aliases: ["whom": "who"])
        for u in ["call Джон", "ring джон", "call kate bell", "ring Kate Bell"] {
            let got = m.best(u, lists: more), want = m.best(u, lists: whole)
            #expect(got != nil, "\(u)")
            #expect(got?.slots.mapValues(\.value) == want?.slots.mapValues(\.value), "\(u)")
        }
        #expect(m.best("call Джон", lists: base) == nil)
        #expect(m.best("call kate bell", lists: base)?.slots["who"]?.value == .number(0))
    }

    @Test func pointsTemplateErrorsIntoTheYAMLFile() {
        let yaml = """
            language: en
            intents:
              X:
                data:
                  - sentences:
                      - "turn (on the light"
            """
        do {
            _ = try GrammarLoader.grammar(yaml: yaml, file: "x.yaml")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == """
                error: unbalanced '(' in template
                 --> x.yaml:6:19
                6 |           - "turn (on the light"
                  |                   ^ this group is never closed
                """)
        }
    }
}
