import Foundation
import ParlanceText
import Synchronization

/// Matches utterances against a compiled `IntentGrammar` with hassil's semantics and ranking.
///
/// Compiled once, immutable and `Sendable`; slot lists that change per request (entity, area
/// and floor names) are compiled separately with `lists(_:)` and passed to `match`.
///
/// ```swift
/// let m = try TemplateMatcher(grammar: GrammarLoader.grammar(from: json, file: "en.json"))
/// let names = try m.lists(["name": .values([SlotValue(text: "Kitchen Light")])])
/// m.best("turn on the kitchen light", lists: names)?.intent   // "HassTurnOn"
/// ```
public final class TemplateMatcher: Sendable {
    public let grammar: IntentGrammar
    public let locale: LocaleID
    let program: CompiledProgram
    let index: TemplateIndex
    let fold: ScalarFold
    let skipWords: SkipWords
    /// Whether any block has `required_keywords` (then the utterance's words are collected).
    let hasKeywords: Bool
    /// Buffers of finished look-ups, handed to the next (one per thread at a time).
    private let scratchPool = ScratchPool()
    let frozen: FrozenProgram
    /// Per template, in trial order: its block, shape and root node (read without copying templates).
    let templateBlocks: [Int32]
    let templateShapes: [CompiledProgram.Shape]
    let templateRoots: [Int32]

    /// Compiles `grammar`.
    ///
    /// - Complexity: O(size of the grammar) plus one spell-out call per number of each range list
    ///   with words; templates are never expanded into their sentences.
    public init(grammar: IntentGrammar) throws {
        self.grammar = grammar
        let tag = (try? LocaleID(grammar.language)) == nil ? "en" : grammar.language
        locale = try LocaleID(tag)
        fold = try ScalarFold.shared(for: locale)
        var compiler = GrammarCompiler(grammar: grammar, fold: fold)
        program = try compiler.compile()
        index = TemplateIndex(program: program, grammar: grammar, fold: fold)
        frozen = FrozenProgram(program, firstMasks: TemplateIndex.firstMasks(program, grammar.ignoresWhitespace))
        templateBlocks = program.templates.map(\.block)
        templateShapes = program.templates.map(\.shape)
        templateRoots = program.templates.map(\.root)
        hasKeywords = grammar.intents.contains { $0.blocks.contains { $0.requiredKeywords != nil } }
        skipWords = SkipWords(grammar.skipWords, fold: fold, ignoresWhitespace: grammar.ignoresWhitespace)
    }

    /// Slot lists supplied per request, compiled for this matcher.
    public struct Lists: Sendable {
        /// By list name id; an array rather than a dictionary so a look-up hashes nothing.
        let byID: [CompiledList?]
        public static let none = Lists(byID: [])
    }

    /// Compiles request-time lists; values with template syntax are expanded (at most
    /// `Template.maxSentences` sentences each). A name in `aliases` reads the list compiled for
    /// the name it maps to, so lists that say the same values are compiled and stored once.
    ///
    /// - Complexity: O(total length of the values), plus, for values with context (an entity's
    ///   domain), one check per distinct context condition of the grammar's blocks.
    public func lists(_ lists: [String: SlotList], aliases: [String: String] = [:]) throws -> Lists {
        var out = [CompiledList?](repeating: nil, count: program.listNames.count)
        for (name, list) in lists {
            guard let id = program.listNameIDs[name] else { continue }
            let compiled = try CompiledList.compile(list.expandingTemplates(), fold: fold, language: grammar.language) { _ in -1 }
            compiled.judgeContexts(program.contextGroups)
            out[Int(id)] = compiled
        }
        for (alias, name) in aliases {
            guard let a = program.listNameIDs[alias], let id = program.listNameIDs[name] else { continue }
            out[Int(a)] = out[Int(id)]
        }
        return Lists(byID: out)
    }

    /// `lists` with `extra` values after those of the named lists (only the lists of values
    /// `lists` has): each is extended once, and the names in `aliases` read the list extended
    /// for the name they map to, as in `lists(_:aliases:)`.
    ///
    /// With `utterance`, the lists extended are for that utterance alone: they keep only the
    /// values that may occur in it, so that extending a list of many thousand values (the
    /// user's contacts) for one utterance copies a handful of them, not all.
    ///
    /// - Complexity: a copy of each extended list's storage (with `utterance`: of its values
    ///   that occur there) plus O(total length of `extra`).
    public func lists(_ lists: Lists, adding extra: [String: [SlotValue]], aliases: [String: String] = [:],
                      for utterance: String? = nil) throws -> Lists {
        var out = lists.byID
        let hay = utterance.map { u -> [[UInt32]] in
            var v = Variants()
            prepare(u, &v)
            return v.haystack
        }
        for (name, values) in extra {
            guard let id = program.listNameIDs[name], let base = lists.byID[Int(id)] else { continue }
            let only = hay.flatMap { base.values(occurringIn: $0, cjk: grammar.ignoresWhitespace) }
            out[Int(id)] = try base.adding(values, only: only, fold: fold, groups: program.contextGroups) ?? base
        }
        for (alias, name) in aliases where extra[name] != nil {
            guard let a = program.listNameIDs[alias], let id = program.listNameIDs[name] else { continue }
            out[Int(a)] = out[Int(id)]
        }
        return Lists(byID: out)
    }

    /// The best match, or nil.
    ///
    /// - Parameters:
    ///   - context: the caller's context (hassil's `intent_context`, e.g. the satellite's area).
    ///   - bestSlot: the slot whose longest match wins first (hassil's `best_slot_name`).
    /// - Complexity: normalization is O(n); templates are found through literal anchors, so only
    ///   those whose required words occur are tried; list values through tries. The cost does not
    ///   grow with the number of alternatives or list values.
    public func best(_ utterance: String, lists: Lists = .none, context: [String: JSONValue] = [:],
                     bestSlot: String? = "name") -> TemplateMatch? {
        run(utterance, lists: lists, context: context, bestSlot: bestSlot, keepsAll: false).best
    }

    /// Every match, best first (stable: equal ranks keep trial order); with `limit`, the first
    /// `limit` of them, and the others are never built.
    public func all(_ utterance: String, lists: Lists = .none, context: [String: JSONValue] = [:],
                    bestSlot: String? = "name", limit: Int = .max) -> [TemplateMatch] {
        let out = run(utterance, lists: lists, context: context, bestSlot: bestSlot, keepsAll: true, limit: limit).all
        return out.enumerated().sorted { a, b in
            a.element.rank < b.element.rank || (a.element.rank == b.element.rank && a.offset < b.offset)
        }.map(\.element)
    }

    /// The templates (their text) the index lets through for `utterance`: those whose required
    /// words and lists it has, in trial order.
    func candidateTemplates(_ utterance: String, lists: Lists = .none) -> [String] {
        var v = Variants()
        var scratch = index.makeScratch()
        markPresent(utterance, lists: lists, &v, &scratch)
        return index.candidates(&scratch).map { program.templates[Int($0)].source.text }
    }

    /// Prepares `utterance` in `v` and marks in `scratch` the fragments and lists it has, for
    /// `TemplateIndex.candidates`.
    private func markPresent(_ utterance: String, lists: Lists, _ v: inout Variants, _ scratch: inout TemplateIndex.Scratch) {
        prepare(utterance, &v)
        for h in v.haystack { h.withUnsafeBufferPointer { index.markFragments(in: $0, &scratch) } }
        index.markLists(lists.byID, in: v.haystack, cjk: grammar.ignoresWhitespace, &scratch)
    }

    /// The utterance prepared for matching, and the text variants hassil matches against, built
    /// and folded on first use: 0 with skip words, 1 without, 2 skip words removed at the end
    /// only, 3 at the start only, 4 as said. Kept in the scratch space and refilled per
    /// utterance, so their buffers are allocated once.
    struct Variants {
        private(set) var base = MatchText(scalars: [], offsets: [], sourceLength: 0)
        /// `base`'s code points folded.
        private(set) var folded: [UInt32] = []
        /// The utterance without skip words, when it has any (see `noSkip`).
        private var skipless = MatchText(scalars: [], offsets: [], sourceLength: 0)
        /// Whether skip words were removed (then some shapes are tried on two variants).
        private(set) var hasSkipWords = false
        /// The folded texts in which literal chunks and list values are looked for (`TemplateMatcher.prepare`).
        var haystack: [[UInt32]] = []
        var texts = [MatchEngine.Text](repeating: MatchEngine.Text(), count: 5)
        /// Bit k: variant k is built for this utterance; and folded and indexed.
        var built: UInt8 = 0
        var indexed: UInt8 = 0
        /// The variants chosen per template shape (`texts(for:_:)`), once per utterance.
        var byShape = [(Int, Int)?](repeating: nil, count: CompiledProgram.Shape.count)

        /// The utterance without skip words.
        var noSkip: MatchText { hasSkipWords ? skipless : base }

        /// Prepares `utterance`, emptying the variants.
        mutating func start(_ utterance: String, skipWords: SkipWords, fold: ScalarFold) {
            base.prepare(utterance)
            fold.fold(base.scalars, into: &folded)
            let removed = skipWords.removing(from: base, .anywhere, fold: fold, folded: folded)
            hasSkipWords = removed.scalars != base.scalars
            if hasSkipWords { skipless = removed }
            built = 0
            indexed = 0
            for k in byShape.indices { byShape[k] = nil }
        }

        mutating func prepare(_ k: Int, fold: ScalarFold) -> MatchEngine.Text {
            if indexed & 1 << k == 0 {
                texts[k].index(fold: fold)
                indexed |= 1 << k
            }
            return texts[k]
        }
    }

    /// Makes `out` the text `t` is matched as: with a space at its end, or (`ignore_whitespace`)
    /// without spaces between CJK characters.
    func matchable(_ t: MatchText, into out: inout MatchText) {
        out.assign(t)
        if grammar.ignoresWhitespace { out.removeCJKSpaces() } else { out.append(0x20) }
    }

    /// The variants a template of this shape is tried on, in order (the second is -1 when there
    /// is only one).
    func texts(for shape: CompiledProgram.Shape, _ v: inout Variants) -> (Int, Int) {
        if let chosen = v.byShape[shape.rawValue] { return chosen }
        let chosen = chooseTexts(for: shape, &v)
        v.byShape[shape.rawValue] = chosen
        return chosen
    }

    private func chooseTexts(for shape: CompiledProgram.Shape, _ v: inout Variants) -> (Int, Int) {
        func variant(_ k: Int) -> Int {
            if v.built & 1 << k != 0 { return k }
            switch k {
            case 0: matchable(v.base, into: &v.texts[k].source)
            case 1: matchable(v.noSkip, into: &v.texts[k].source)
            case 2: matchable(skipWords.removing(from: v.base, .atEnd, fold: fold), into: &v.texts[k].source)
            case 3: matchable(skipWords.removing(from: v.base, .atStart, fold: fold), into: &v.texts[k].source)
            default: v.texts[k].source.assign(v.base)
            }
            v.built |= 1 << k
            v.indexed &= ~(1 << k)
            return k
        }
        let main: Int
        switch shape {
        case .plain: main = variant(1)
        case .wholeWildcard: main = variant(4)
        // Free text read as said keeps no skip word said before it at the very start ("Bitte
        // Inception in Filmabend abspielen": "Inception"); hassil's wildcards keep them.
        case .leadingWildcard: main = grammar.wildcardsAsSaid ? variant(1) : variant(2)
        case .trailingWildcard: main = variant(3)
        }
        if v.hasSkipWords && v.texts[main].source.scalars == v.texts[variant(1)].source.scalars {
            return (variant(0), main)
        }
        return (main, -1)
    }

    func run(_ utterance: String, lists: Lists, context: [String: JSONValue], bestSlot: String?,
             keepsAll: Bool, limit: Int = .max) -> (best: TemplateMatch?, all: [TemplateMatch]) {
        run(utterance, lists: lists, context: context, bestSlot: bestSlot, keepsAll: keepsAll, limit: limit, pool: frozen.chunkScalars)
    }

    private func run(_ utterance: String, lists: Lists, context: [String: JSONValue], bestSlot: String?,
                     keepsAll: Bool, limit: Int, pool: UnsafeBufferPointer<UInt32>) -> (best: TemplateMatch?, all: [TemplateMatch]) {
        let reused = scratchPool.take() ?? ScratchBox(MatchScratch(index: index.makeScratch(),
                                                                   engine: MatchEngine(program: program, frozen: frozen, lists: [])))
        let found = run(utterance, lists: lists, context: context, bestSlot: bestSlot, keepsAll: keepsAll,
                        limit: limit, pool: pool, &reused.scratch)
        reused.scratch.engine.endCall()
        scratchPool.give(reused)
        return found
    }

    private func run(_ utterance: String, lists: Lists, context: [String: JSONValue], bestSlot: String?, keepsAll: Bool,
                     limit: Int, pool: UnsafeBufferPointer<UInt32>, _ r: inout MatchScratch) -> (best: TemplateMatch?, all: [TemplateMatch]) {
        markPresent(utterance, lists: lists, &r.variants, &r.index)
        let keywords = hasKeywords
            ? Set(MatchText.foldString(r.variants.noSkip.string).split(separator: " ").map(String.init)) : []
        r.engine.reset(lists: lists.byID)
        r.engine.wordSplits = grammar.wholeWords ? WordBounds.splits(Array(utterance.utf16)) : []
        r.engine.keepLimit = limit
        r.verdicts.removeAll(keepingCapacity: true)
        r.verdicts.append(contentsOf: repeatElement(0, count: program.contextGroups.count))
        return match(utterance, v: &r.variants, engine: &r.engine, index: &r.index, verdicts: &r.verdicts,
                     context: context, keywords: keywords, bestSlot: bestSlot, keepsAll: keepsAll, pool: pool)
    }

    /// Prepares `utterance` in `v` (its variants emptied) with its haystack: the folded texts in
    /// which literal chunks and list values are looked for, the utterance with and without skip
    /// words, and (`ignore_whitespace`) each without spaces between CJK characters where that
    /// differs, each with a space after it (where a list value that ends in a space can end).
    /// The haystack's buffers are kept.
    private func prepare(_ utterance: String, _ v: inout Variants) {
        v.start(utterance, skipWords: skipWords, fold: fold)
        var n = 0
        func add(_ t: [UInt32], alreadyFolded: Bool = false) {
            var out: [UInt32] = []
            if n < v.haystack.count { swap(&out, &v.haystack[n]) }
            if alreadyFolded {
                out.removeAll(keepingCapacity: true)
                out.append(contentsOf: t)
            } else {
                fold.fold(t, into: &out)
            }
            out.append(0x20)
            if n < v.haystack.count { swap(&out, &v.haystack[n]) } else { v.haystack.append(out) }
            n += 1
        }
        add(v.folded, alreadyFolded: true)
        if v.hasSkipWords { add(v.noSkip.scalars) }
        if grammar.ignoresWhitespace {
            func addWithoutCJKSpaces(_ t: MatchText) {
                var c = t
                c.removeCJKSpaces()
                if c.scalars != t.scalars { add(c.scalars) }
            }
            addWithoutCJKSpaces(v.base)
            if v.hasSkipWords { addWithoutCJKSpaces(v.noSkip) }
        }
        while v.haystack.count > n { v.haystack.removeLast() }
    }

    private func match(_ utterance: String, v: inout Variants, engine: inout MatchEngine, index scratch: inout TemplateIndex.Scratch,
                       verdicts: inout [Int8], context: [String: JSONValue], keywords: Set<String>, bestSlot: String?, keepsAll: Bool,
                       pool: UnsafeBufferPointer<UInt32>) -> (best: TemplateMatch?, all: [TemplateMatch]) {
        engine.ignoresWhitespace = grammar.ignoresWhitespace
        engine.said = grammar.wildcardsAsSaid ? Array(utterance.utf16) : []
        engine.saidLetters = grammar.wildcardsAsSaid ? v.base.letterCount : 0
        engine.chunkScalars = pool
        // The slot's id is looked up when the slot differs from the last look-up's (the engine
        // starts with none, whose id is -1): hashing its name costs as much as a short match step.
        if bestSlot != engine.bestSlot {
            engine.bestSlot = bestSlot
            engine.bestSlotID = bestSlot.flatMap { program.slotNameIDs[$0] } ?? -1
        }
        engine.keepsAll = keepsAll
        engine.baseContext = context
        var lastBlock: Int32 = -1, blockOK = true, loaded = -1
        var first: UInt32?, last: UInt32?
        let cands = index.candidates(&scratch)
        for ti in cands {
            let block = templateBlocks[Int(ti)]
            if block != lastBlock {
                lastBlock = block
                blockOK = blockApplies(Int(block), context: context, keywords: keywords, verdicts: &verdicts)
            }
            guard blockOK else { continue }
            var pending = texts(for: templateShapes[Int(ti)], &v)
            while pending.0 >= 0 {
                let k = pending.0
                pending = (pending.1, -1)
                if k != loaded {
                    engine.load(v.prepare(k, fold: fold))
                    loaded = k
                    first = engine.folded.first { !MatchText.isSpace($0) }
                    last = engine.folded.last { !MatchText.isSpace($0) }
                }
                guard index.mayMatch(Int(ti), first: first, last: last) else { continue }
                engine.template = ti
                engine.block = Int(block)
                engine.steps = 0
                engine.matchTemplate(templateRoots[Int(ti)])
            }
        }
        guard let found = engine.best else { return (nil, engine.all) }
        return (engine.build(found), engine.all)
    }

    /// hassil skips a block before matching when its keywords are absent or the caller's
    /// context already contradicts its conditions.
    /// Blocks with the same conditions share a verdict (`verdicts` by context group: 0 unknown,
    /// 1 yes, -1 no), so the context is compared once per group and utterance.
    func blockApplies(_ b: Int, context: [String: JSONValue], keywords: Set<String>, verdicts: inout [Int8]) -> Bool {
        if hasKeywords, let kw = program.blocks[b].data.requiredKeywords, kw.isDisjoint(with: keywords) { return false }
        let g = Int(program.blockGroup[b])
        guard !context.isEmpty, g >= 0 else { return true }
        if verdicts[g] == 0 {
            let ok = ContextRules.satisfies(required: program.groupRequired[g], excluded: program.groupExcluded[g],
                                            allowMissing: true, context)
            verdicts[g] = ok ? 1 : -1
        }
        return verdicts[g] > 0
    }
}

extension TemplateMatcher {
    /// Sizes of the compiled grammar, for benchmarks and `--verbose` output.
    public struct Statistics: Sendable, Codable {
        public var templates: Int
        public var nodes: Int
        public var chunks: Int
        public var lists: Int
        public var fragments: Int
        /// Templates that require no literal text (tried for every utterance).
        public var unanchored: Int
    }

    public var statistics: Statistics {
        Statistics(templates: program.templates.count, nodes: program.nodes.count, chunks: program.chunks.count,
                   lists: program.lists.count, fragments: index.fragmentCount,
                   unanchored: index.unanchored.count)
    }
}


/// The buffers one look-up needs (fragment flags, the engine's stacks), reused across calls so a
/// match allocates little.
struct MatchScratch: ~Copyable, @unchecked Sendable {
    var index: TemplateIndex.Scratch
    var engine: MatchEngine
    /// The caller's context judged per context group (see `TemplateMatcher.blockApplies`).
    var verdicts: [Int8] = []
    var variants = TemplateMatcher.Variants()
    init(index: consuming TemplateIndex.Scratch, engine: MatchEngine) {
        self.index = index
        self.engine = engine
    }
}

/// A `MatchScratch` held by reference in the pool. One caller at a time has it, and passes the
/// scratch on `inout`, so that its buffers are read and written in place without a dynamic
/// exclusivity check per access (ten or so per look-up, each costing more than a short step).
final class ScratchBox: @unchecked Sendable {
    @exclusivity(unchecked) var scratch: MatchScratch
    init(_ scratch: consuming MatchScratch) { self.scratch = scratch }
}

/// Idle `ScratchBox`es: a caller takes one or makes one, and gives it back. One waits in an
/// atomic slot, taken and given back without a lock (a lock and a stack cost as much as a short
/// match's list look-ups); the others, when several callers match at once, on a lock-protected
/// stack.
final class ScratchPool: @unchecked Sendable {
    private let ready = Atomic<Unmanaged<ScratchBox>?>(nil)
    private let lock = NSLock()
    private var idle: [ScratchBox] = []

    func take() -> ScratchBox? {
        if let u = ready.exchange(nil, ordering: .acquiringAndReleasing) { return u.takeRetainedValue() }
        return lock.withLock { idle.popLast() }
    }

    func give(_ s: ScratchBox) {
        let u = Unmanaged.passRetained(s)
        if ready.compareExchange(expected: nil, desired: u, ordering: .acquiringAndReleasing).exchanged { return }
        u.release()
        lock.withLock { if idle.count < 16 { idle.append(s) } }
    }

    /// How many boxes wait (for tests).
    var count: Int { (ready.load(ordering: .acquiring) == nil ? 0 : 1) + lock.withLock { idle.count } }

    deinit { ready.load(ordering: .acquiring)?.release() }
}
