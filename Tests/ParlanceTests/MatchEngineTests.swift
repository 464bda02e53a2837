import Foundation
import Testing
@testable import Parlance
import ParlanceText

/// The structures that keep a match cheap: node start filters, state fingerprints, and list
/// values judged against the blocks' context conditions once.
struct MatchEngineTests {
    static let grammar = """
        language: en
        intents:
          HassTurnOn:
            data:
              - sentences: ["(turn|switch) on [the] {name}"]
                requires_context: {domain: light}
              - sentences: ["(turn|switch) on [the] fan {name}"]
                requires_context: {domain: fan}
          HassNevermind:
            data:
              - sentences: ["never mind"]
        """

    @Test func filtersNodesByTheirFirstCodePoints() throws {
        let g = try GrammarLoader.grammar(yaml: Self.grammar, file: "en.yaml")
        var compiler = GrammarCompiler(grammar: g, fold: try ScalarFold.shared(for: LocaleID("en")))
        let p = try compiler.compile()
        let masks = TemplateIndex.firstMasks(p, false)
        let bit = TemplateIndex.firstBit
        // "(turn|switch) on [the] {name}" can start with t or s only.
        let turnOn = try #require(p.templates.first { $0.source.text == "(turn|switch) on [the] {name}" })
        let root = Int(turnOn.root)
        #expect(masks[root] & bit(0x74) != 0)
        #expect(masks[root] & bit(0x73) != 0)
        #expect(masks[root] == bit(0x74) | bit(0x73))
        // A list may start with anything; an optional may match nothing.
        for (i, n) in p.nodes.enumerated() where n.kind == .list { #expect(masks[i] == ~0) }
    }

    /// While a wildcard is open a node may start anywhere further on, so it is tried only when
    /// one of its first code points is still to come (`MatchEngine.laterBitsTable`); `-` and `_` may be
    /// spaces, so before them anything may come.
    @Test(arguments: [("ab c", 0, "abc"), ("ab c", 1, "bc"), ("ab c", 2, "c"), ("ab c", 4, ""),
                      ("a-b", 0, nil), ("a-b", 1, nil), ("a-b", 2, "b"), ("买 票", 1, "票")] as [(String, Int, String?)])
    func knowsWhichCodePointsAreStillToCome(_ c: (text: String, at: Int, later: String?)) {
        var out: [UInt64] = []
        let scalars = c.text.unicodeScalars.map(\.value)
        MatchEngine.laterBitsTable(scalars, into: &out)
        #expect(out.count == scalars.count + 1)
        let want = c.later.map { $0.unicodeScalars.reduce(0) { $0 | TemplateIndex.firstBit($1.value) } } ?? ~0
        #expect(out[c.at] == want)
    }

    static let phrases = """
        language: fr
        intents:
          PauseWorkout:
            data:
              - sentences: ["[bon] (une petite pause|mets pause|interromps) [mon entraînement]"]
          ResumeWorkout:
            data:
              - sentences: ["(on reprend|continue) [{workout}]"]
                lists: {workout: {values: ["la course à pied", "le vélo"]}}
          Pay:
            data:
              - sentences: ["(paie|verse) {amount} à {payee}"]
        lists:
          amount: {wildcard: true}
          payee: {wildcard: true}
        """

    /// A template is tried only when the utterance has every word of one branch of each of its
    /// alternatives (not just one word of each), and of one value of each list it requires.
    @Test(arguments: [
        ("une petite pause", ["[bon] (une petite pause|mets pause|interromps) [mon entraînement]"]),
        ("interromps tout", ["[bon] (une petite pause|mets pause|interromps) [mon entraînement]"]),
        // "une" and "mets" alone are words of two branches, not a branch.
        ("une course, mets la", []),
        ("on reprend", ["(on reprend|continue) [{workout}]"]),
        ("on verra", []),
        ("paie dix euros à Anna", ["(paie|verse) {amount} à {payee}"]),
        ("verse-le moi", []),
    ])
    func triesOnlyTemplatesWhoseWordsAreSaid(_ c: (String, [String])) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.phrases, file: "fr.yaml"))
        #expect(m.candidateTemplates(c.0) == c.1)
    }

    /// Filtering is sound: every utterance a template matches lets the template through.
    @Test(arguments: ["bon une petite pause mon entraînement", "mets pause", "continue le vélo", "on reprend la course à pied",
                      "verse 20 euros à Paul"])
    func letsThroughWhatMatches(_ utterance: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.phrases, file: "fr.yaml"))
        let found = try #require(m.best(utterance))
        #expect(m.candidateTemplates(utterance).contains(found.template.text))
    }

    static let manyVerbs = """
        language: en
        intents:
          Start:
            data:
              - sentences: ["(begin|start|launch|kick off|fire up|open|run|go|resume|restart|[please] start) [my] {workout}"]
        lists:
          workout: {values: [run, swim, "hill repeats"]}
        """

    /// An alternative of many items is walked only through the items that can start with the
    /// next code point (and those that can start with anything); the others are not looked at.
    @Test func dispatchesAlternativesByFirstCodePoint() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.manyVerbs, file: "en.yaml"))
        let f = m.frozen
        let dispatched = (0..<m.program.nodes.count).filter { f.dispatchBase[$0] >= 0 }
        #expect(dispatched.count == 1)
        let node = try #require(dispatched.first)
        let n = m.program.nodes[node]
        #expect(n.b == 11)
        for c in "bslkfgorp" {
            let bit = TemplateIndex.firstBit(c.unicodeScalars.first!.value)
            let j = Int(f.dispatchBase[node]) + bit.trailingZeroBitCount
            let listed = (Int(f.bucketStarts[j])..<Int(f.bucketStarts[j + 1])).map { f.bucketItems[$0] }
            // In order, every item that can start with the code point's bit, and only those.
            let expected = (0..<n.b).filter { f.firstMasks[Int(m.program.children[Int(n.a + $0)])] & bit != 0 }
            #expect(listed == expected, "\(c)")
            #expect(listed.count < Int(n.b))
        }
        for (utterance, workout) in [("kick off my hill repeats", "hill repeats"), ("start swim", "swim"), ("please start my run", "run"),
                                     ("restart run", "run"), ("go swim", "swim"), ("fire up my swim", "swim")] {
            #expect(m.best(utterance)?.slots["workout"]?.text == workout, "\(utterance)")
        }
        #expect(m.best("stop my run") == nil)
    }

    @Test(arguments: [("turn on the kitchen", "HassTurnOn"), ("never-mind", "HassNevermind"), ("xturn on kitchen", nil)])
    func matchesWhatTheFilterLetsThrough(_ c: (String, String?)) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.grammar, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen", context: ["domain": "light"])])])
        #expect(m.best(c.0, lists: lists)?.intent == c.1)
    }

    /// Where spaces between CJK characters are ignored, an optional space before a sign still
    /// matches the space in the text (`{volume}[[ ]%]` on "13 %").
    @Test(arguments: ["設定音量為13 %", "設定音量為13%", "設定音量為13"])
    func matchesASpaceBeforeASignBesideCJK(_ utterance: String) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: zh-HK
            settings: {ignore_whitespace: true}
            intents:
              HassSetVolume:
                data:
                  - sentences: ["設定音量為{volume:volume_level}[[ ]%| percent]"]
            lists:
              volume: {range: {from: 0, to: 100}}
            """, file: "zh.yaml"))
        #expect(m.best(utterance)?.slots["volume_level"]?.value == 13)
    }

    /// While a wildcard is open, a word is looked for only where it still occurs: not before
    /// the wildcard, and at each of its later places (`MatchEngine.lastOccurrence`); a word
    /// after the last place of its kind closes nothing.
    @Test(arguments: [
        // As hassil 3.13 reads them.
        ("en", "find coffee near home", ["coffee|home"]),
        ("en", "find near me coffee near home", ["near me coffee|home"]),
        ("en", "near me find coffee near home", [String]()),
        ("en", "find a near b near c", ["a|b near c", "a near b|c"]),
        ("en", "find coffee near near", ["coffee|near"]),
        ("en", "find coffee near", [String]()),
        ("en", "find coffee-near-home", [String]()),
        ("en", "find near", [String]()),
        ("ja", "近くカフェ探して近く駅", ["近くカフェ|駅"]),
        ("ja", "カフェ探して近く駅探して近く空港", ["カフェ|駅探して近く空港", "カフェ探して近く駅|空港"]),
        ("ja", "近くでカフェ探して", [String]()),
    ])
    func closesAWildcardOnlyWhereTheWordFollows(_ c: (language: String, utterance: String, ways: [String])) throws {
        let sentence = c.language == "ja" ? "{query}探して近く{place}" : "find {query} near {place}"
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: \(c.language)
            intents:
              Search:
                data:
                  - sentences: ["\(sentence)"]
            lists:
              query: {wildcard: true}
              place: {wildcard: true}
            """, file: "g.yaml"))
        let ways = m.all(c.utterance, bestSlot: nil).map { "\($0.slots["query"]?.text ?? "")|\($0.slots["place"]?.text ?? "")" }
        #expect(ways.sorted() == c.ways.sorted())
    }

    @Test func remembersFingerprintsUntilCleared() {
        var set = FingerprintSet()
        var added = 0
        for k in 0..<10_000 as Range<UInt64> where set.insert(k &* 0x9E37_79B9) { added += 1 }
        #expect(added == 10_000)
        var again = set.insert(0)
        #expect(!again)
        again = set.insert(9_999 &* 0x9E37_79B9)
        #expect(!again)
        set.removeAll()
        var fresh = set.insert(0)
        #expect(fresh)
        fresh = set.insert(0)
        #expect(!fresh)
    }

    /// A table keeps each key's data through its growth, replaces it only when asked, and
    /// forgets everything when cleared.
    @Test func keepsDataThroughGrowth() {
        var table = FingerprintTable()
        for k in 1...5_000 as ClosedRange<UInt64> { table.insert(k &* 0x9E37_79B9, k) }
        #expect((1...5_000 as ClosedRange<UInt64>).allSatisfy { table[$0 &* 0x9E37_79B9] == $0 })
        #expect(table[5_001 &* 0x9E37_79B9] == nil)
        var added = table.insert(0x9E37_79B9, 99)
        #expect(!added)
        #expect(table[0x9E37_79B9] == 1)
        added = table.insert(0x9E37_79B9, 99, replacing: true)
        #expect(!added)
        #expect(table[0x9E37_79B9] == 99)
        table.removeAll()
        #expect(table[2 &* 0x9E37_79B9] == nil)
        added = table.insert(2 &* 0x9E37_79B9, 7)
        #expect(added)
        #expect(table[2 &* 0x9E37_79B9] == 7)
    }

    /// A dead end holds for as many wildcards or more and as many literal code points or fewer
    /// (the rank bound cuts those ways at least as soon), until the next template.
    @Test(arguments: [(2, 5, true), (3, 5, true), (2, 4, true), (1, 5, false), (2, 6, false), (3, 6, false)])
    func remembersDeadEndsForWorseStatesOnly(_ c: (wildcards: Int32, literal: Int32, dead: Bool)) {
        var ends = DeadEnds()
        for k in 0..<1_000 as Range<UInt64> { ends.record(k &* 0x9E37_79B9 + 1, wildcards: 2, literal: 5) }
        #expect(ends.isDead(7 &* 0x9E37_79B9 + 1, wildcards: c.wildcards, literal: c.literal) == c.dead)
        #expect(!ends.isDead(0, wildcards: 9, literal: 0))
        ends.removeAll()
        #expect(!ends.isDead(7 &* 0x9E37_79B9 + 1, wildcards: 9, literal: 0))
    }

    /// Expressions that read no list and have at least `memoizedSize` nodes are remembered per
    /// text; a sequence's rest from an item is, when those items are such; anything with a list
    /// reference is not.
    @Test func remembersExpressionsWithoutListsOnly() throws {
        var g = IntentGrammar(language: "en")
        g.intents = [Intent(name: "X", blocks: [IntentBlock(templates: [try Template("{p} <d> <d> x")])])]
        let words = (0..<FrozenProgram.memoizedSize).map { "w\($0)" }.joined(separator: "|")
        g.rules["d"] = try Template("(\(words))")
        g.lists["p"] = .values([SlotValue(text: "a")])
        let program = try TemplateMatcher(grammar: g).program
        let (node, suffix) = FrozenProgram.memoized(program)
        let root = program.nodes[Int(program.templates[0].root)]
        #expect(root.kind == .sequence)
        #expect(node[Int(program.templates[0].root)] == 0)
        let items = (0..<Int(root.b)).map { Int(program.children[Int(root.a) + $0]) }
        #expect(program.nodes[items[0]].kind == .list && node[items[0]] == 0)
        let digits = items.indices.filter { program.nodes[items[$0]].kind == .alternative }
        #expect(digits.count == 2 && digits.allSatisfy { node[items[$0]] == 1 })
        #expect(items.allSatisfy { program.nodes[$0].kind == .alternative || node[$0] == 0 })
        // From the first digit on the rest is remembered; not from the list, nor the last item.
        #expect(suffix[Int(root.a)] == 0)
        #expect(suffix[Int(root.a) + digits[0]] == 1)
        #expect(suffix[Int(root.a) + Int(root.b) - 1] == 0)
    }

    @Test func tellsStatesApartByEveryField() {
        var a = Fingerprint(), b = Fingerprint()
        a.add(1)
        a.add(2)
        b.add(2)
        b.add(1)
        #expect(a.value != b.value)
    }

    /// Templates that need a value of a supplied list are tried only when one occurs, as said
    /// or with hyphens read as spaces ("living-room"), and then they match.
    @Test(arguments: [("turn on kitchen in attic", true), ("turn on kitchen", false), ("turn on kitchen in at-tic", false),
                      ("turn on kitchen in living-room", true)])
    func triesTemplatesWhoseListsOccur(_ c: (String, Bool)) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on {name} in {area}"]
                  - sentences: ["turn on {name}"]
            """, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen")]), "area": .values([SlotValue(text: "Attic"), SlotValue(text: "Living Room")])])
        var scratch = m.index.makeScratch()
        let text = m.fold.fold(MatchText(c.0).scalars)
        text.withUnsafeBufferPointer { m.index.markFragments(in: $0, &scratch) }
        m.index.markLists(lists.byID, in: [text], cjk: false, &scratch)
        let found = m.index.candidates(&scratch)
        #expect(found.contains(0) == c.1)
        #expect((m.best(c.0, lists: lists)?.slots["area"] != nil) == c.1)
        let cleared = m.index.candidates(&scratch)
        #expect(cleared.isEmpty)  // the look-up clears its marks
    }

    /// One scratch space used for utterance after utterance finds the candidates a fresh one
    /// finds: every mark, template flag and formula verdict of a look-up is cleared after it.
    @Test func reusedScratchFindsWhatAFreshOneFinds() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on (the lights|my lamp) in {area}", "switch (on|off) [the] {name}"]
                  - sentences: ["(turn|switch) on everything"]
              HassTurnOff:
                data:
                  - sentences: ["turn off (the lights|a lamp)", "lights out"]
            """, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Kitchen")]), "area": .values([SlotValue(text: "Attic")])])
        // The second has every word the first template's clauses ask for, but not all the words
        // of one of its phrases: its verdict on that alternative must not be the first's.
        let utterances = ["turn on the lights in attic", "turn on the lamp in attic", "turn off a lamp", "switch on the kitchen", "lights out",
                          "turn on everything", "turn on the lights in attic", "nothing at all", "turn off the lights"]
        var reused = m.index.makeScratch()
        var found: [[Int32]] = []
        for u in utterances {
            let text = m.fold.fold(MatchText(u).scalars) + [0x20]
            var fresh = m.index.makeScratch()
            func mark(_ s: inout TemplateIndex.Scratch) {
                text.withUnsafeBufferPointer { m.index.markFragments(in: $0, &s) }
                m.index.markLists(lists.byID, in: [text], cjk: false, &s)
            }
            mark(&reused)
            mark(&fresh)
            let a = m.index.candidates(&reused), b = m.index.candidates(&fresh)
            #expect(a == b, "\(u)")
            found.append(a)
        }
        // The utterances do tell the templates apart.
        #expect(Set(found).count >= 5)
    }

    /// A template that needs a value of one of the grammar's lists is tried only when a word of
    /// one of its values occurs, or when the caller supplies a list of that name instead; a
    /// block's own list cannot be replaced. Each way, it matches when it is tried.
    @Test(arguments: [("set the timer for five minutes", [], true), ("set the timer for five hours", [], false),
                      ("set the timer for five hours", ["unit"], true), ("dim the lamp very softly", [], true),
                      ("dim the lamp a lot", [], false), ("dim the lamp a lot", ["amount"], false)] as [(String, [String], Bool)])
    func triesTemplatesWhoseGrammarListsOccur(_ c: (String, [String], Bool)) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              StartTimer:
                data:
                  - sentences: ["set the timer for {count} {unit}"]
              Dim:
                data:
                  - sentences: ["dim the lamp {amount}"]
                    lists:
                      amount:
                        values: ["slightly", "very softly"]
            lists:
              count:
                range: {from: 1, to: 10}
              unit:
                values: [minute, minutes, "second[s]"]
            """, file: "en.yaml"))
        try expectTried(m, c, supplying: "hours", prefix: 3)
    }

    /// Expects the template whose text starts as `c.0` does (its first `prefix` characters) to
    /// be a candidate for `c.0` exactly when `c.2`, and to match it then, with lists of the names
    /// `c.1` supplied (each of one value, `value`).
    func expectTried(_ m: TemplateMatcher, _ c: (String, [String], Bool), supplying value: String, prefix: Int) throws {
        let supplied = try m.lists(Dictionary(uniqueKeysWithValues: c.1.map { ($0, SlotList.values([SlotValue(text: value)])) }))
        var scratch = m.index.makeScratch()
        let text = m.fold.fold(MatchText(c.0).scalars) + [0x20]
        text.withUnsafeBufferPointer { m.index.markFragments(in: $0, &scratch) }
        m.index.markLists(supplied.byID, in: [text], cjk: false, &scratch)
        let template = try #require(m.program.templates.firstIndex { $0.source.text.hasPrefix(c.0.prefix(prefix)) })
        #expect(m.index.candidates(&scratch).contains(Int32(template)) == c.2, "\(c.0)")
        #expect((m.best(c.0, lists: supplied) != nil) == c.2, "\(c.0)")
    }

    /// A template that needs a number of a range is tried only when the utterance has a digit
    /// (digits allowed) or one of the range's number words (words allowed), or when the caller
    /// supplies a list of that name instead; an inline range (`{1..10:x}`) the same. Each way, it
    /// matches when it is tried.
    @Test(arguments: [("set brightness to 50", [], true), ("set brightness to ５０", [], true),
                      ("set brightness to fifty", [], false), ("set brightness to max", [], false),
                      ("set brightness to max", ["level"], true), ("set volume to 7", [], false),
                      ("set volume to seven", [], true), ("set volume to loud", [], false),
                      ("wait 3 seconds", [], true), ("wait three seconds", [], true), ("wait some seconds", [], false)]
          as [(String, [String], Bool)])
    func triesTemplatesWhoseRangesOccur(_ c: (String, [String], Bool)) throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              SetBrightness:
                data:
                  - sentences: ["set brightness to {level}"]
              SetVolume:
                data:
                  - sentences: ["set volume to {volume}"]
              Wait:
                data:
                  - sentences: ["wait {1..10:seconds} seconds"]
            lists:
              level:
                range: {from: 0, to: 100, words: false}
              volume:
                range: {from: 0, to: 10, digits: false}
            """, file: "en.yaml"))
        try expectTried(m, c, supplying: "max", prefix: 5)
    }

    /// An utterance is read scalar by scalar from its UTF-8 (one to four bytes each), each with
    /// the UTF-16 offset it came from; a run of spaces is one space and `’` is `'`.
    @Test(arguments: [("a  é😀中\u{2019}s", [0x61, 0x20, 0xE9, 0x1F600, 0x4E2D, 0x27, 0x73], [0, 1, 3, 4, 6, 7, 8], 9),
                      ("ёж", [0x451, 0x436], [0, 1], 2), ("𝔘 x", [0x1D518, 0x20, 0x78], [0, 2, 3], 4)] as [(String, [UInt32], [Int32], Int32)])
    func readsEveryScalarWithItsUTF16Offset(_ c: (String, [UInt32], [Int32], Int32)) {
        let t = MatchText(c.0)
        #expect(t.scalars == c.1)
        #expect(t.offsets == c.2)
        #expect(t.sourceLength == c.3)
    }

    /// A text prepared again for another utterance, in the buffers it has, is what a new text of
    /// that utterance is, shorter or longer than the one before; a copy taken before keeps the
    /// old utterance, and a text assigned another is that one alone.
    @Test func preparesAnotherUtteranceInItsBuffers() {
        var t = MatchText("  Turn on, the lights!  ")
        var said = "  Turn on, the lights!  "
        for s in ["a", "ёж \u{2019}x\u{2019} …", "", "Spiel Focus gemischt ab in Filmabend.", "e\u{301}té"] {
            let before = t
            t.prepare(s)
            #expect(t == MatchText(s))
            #expect(before == MatchText(said))
            said = s
        }
        var u = MatchText("a longer text")
        u.assign(MatchText("ab"))
        #expect(u == MatchText("ab"))
    }

    /// A combining mark after a character of any script is composed with it, as NFC composes:
    /// kana voiced marks after hiragana and katakana, tone marks after kanji, accents after Latin
    /// letters (characters of scripts without combining marks skip the look-up, not the mark).
    @Test(arguments: ["は\u{3099}と", "カ\u{3099}メラ", "ウ\u{309A}", "漢字\u{302A}", "e\u{301}té", "가\u{302E}나",
                      "ｶ\u{3099}", "𠀋\u{301}"])
    func composesCombiningMarksInEveryScript(_ s: String) {
        let t = MatchText(s)
        #expect(t.scalars == s.precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value), "\(s)")
        #expect(t.offsets.count == t.scalars.count)
    }

    /// A space is what Python's `\s` matches (as hassil's regular expressions read it), in every
    /// script: checked over the whole Basic Multilingual Plane and beyond.
    @Test func readsSpacesAsPythonDoes() {
        let python: Set<UInt32> = Set(Array(0x09...0x0D) + Array(0x1C...0x20) + [0x85, 0xA0, 0x1680]
                                      + Array(0x2000...0x200A) + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000])
        let wrong = (UInt32(0)..<0x11000).filter { MatchText.isSpace($0) != python.contains($0) }
        #expect(wrong.isEmpty)
    }

    /// A value whose context contradicts a block's `requires_context` is not read in that block.
    @Test func judgesValueContextsPerBlock() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.grammar, file: "en.yaml"))
        let lists = try m.lists(["name": .values([SlotValue(text: "Ceiling", context: ["domain": "fan"])])])
        #expect(m.program.contextGroups.count == 2)
        let byFan = try #require(lists.byID[Int(m.program.listNameIDs["name"]!)])
        #expect(byFan.admits(0, group: 0) == false)
        #expect(byFan.admits(0, group: 1) == true)
        #expect(m.best("turn on ceiling", lists: lists) == nil)
        #expect(m.best("turn on fan ceiling", lists: lists)?.slots["name"]?.value == "Ceiling")
    }

    /// Lists compiled by another matcher are judged when they are read.
    @Test func readsListsJudgedForAnotherGrammar() throws {
        let other = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              X:
                data:
                  - sentences: ["x {name}"]
            """, file: "x.yaml"))
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: Self.grammar, file: "en.yaml"))
        let lists = try other.lists(["name": .values([SlotValue(text: "Ceiling", context: ["domain": "fan"])])])
        #expect(m.best("turn on ceiling", lists: lists) == nil)
        #expect(m.best("turn on fan ceiling", lists: lists)?.intent == "HassTurnOn")
    }
}

struct BufferArenaTests {
    @Test(arguments: [[Int32](), [7], [3, -1, 2_000_000, 0]])
    func copiesAnArray(_ a: [Int32]) {
        let arena = BufferArena()
        withExtendedLifetime(arena) {
            let b = arena.copy(a)
            #expect(Array(b) == a)
            #expect(b.baseAddress != nil)
        }
    }

    @Test(arguments: [0, 1, 1000])
    func fillsABuffer(_ n: Int) {
        let arena = BufferArena()
        withExtendedLifetime(arena) {
            let b = arena.filled(n, with: UInt8(9))
            #expect(b.count == n && b.allSatisfy { $0 == 9 })
            #expect(b.baseAddress != nil)
            b.initialize(repeating: 0)
            #expect(b.allSatisfy { $0 == 0 })
        }
    }
}

struct ScratchPoolTests {
    /// A box given back is lent again, the first from the atomic slot, the others from the
    /// stack (at most 16 wait there); under concurrent callers, no box is lent to two at once
    /// and none is lost.
    @Test func lendsEachBoxToOneCallerAtATime() throws {
        let m = try TemplateMatcher(grammar: GrammarLoader.grammar(yaml: """
            language: en
            intents:
              HassTurnOn:
                data:
                  - sentences: ["turn on {name}"]
            """, file: "en.yaml"))
        let box: @Sendable () -> ScratchBox = {
            ScratchBox(MatchScratch(index: m.index.makeScratch(), engine: MatchEngine(program: m.program, frozen: m.frozen, lists: [])))
        }
        let pool = ScratchPool()
        #expect(pool.take() == nil)
        let a = box(), b = box()
        pool.give(a)
        pool.give(b)
        #expect(pool.count == 2)
        #expect(pool.take() === a)
        #expect(pool.take() === b)
        #expect(pool.take() == nil)
        for _ in 0..<20 { pool.give(box()) }
        #expect(pool.count == 17)

        /// The boxes lent at a time, and how often one was lent while already lent.
        final class Ledger: @unchecked Sendable {
            let lock = NSLock()
            var held = Set<ObjectIdentifier>()
            var doubleLent = 0
        }
        let ledger = Ledger()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2_000 {
                let s = pool.take() ?? box()
                ledger.lock.withLock { if !ledger.held.insert(ObjectIdentifier(s)).inserted { ledger.doubleLent += 1 } }
                ledger.lock.withLock { _ = ledger.held.remove(ObjectIdentifier(s)) }
                pool.give(s)
            }
        }
        #expect(ledger.doubleLent == 0)
        #expect(pool.count == 17)
    }
}

struct PlainStackTests {
    /// Pushes past the first buffer (growth keeps what was pushed), writes in place, pops back
    /// and pushes again after emptying; an array doing the same is the reference.
    @Test(arguments: [1, 3, 64, 1000])
    func behavesAsAnArray(_ n: Int) {
        let stack = PlainStack<(Int32, UInt64)>(capacity: 2)
        var reference: [(Int32, UInt64)] = []
        for round in 0..<2 {
            for i in 0..<n {
                stack.push((Int32(i), UInt64(i * 3 + round)))
                reference.append((Int32(i), UInt64(i * 3 + round)))
            }
            stack[n / 2].1 = 99
            reference[n / 2].1 = 99
            #expect(stack.count == reference.count)
            #expect((0..<stack.count).allSatisfy { stack[$0] == reference[$0] })
            for _ in 0..<n / 2 {
                stack.pop()
                reference.removeLast()
            }
            #expect(stack.count == reference.count)
            #expect((0..<stack.count).allSatisfy { stack[$0] == reference[$0] })
            stack.removeAll()
            reference.removeAll()
            #expect(stack.count == 0)
        }
    }
}
