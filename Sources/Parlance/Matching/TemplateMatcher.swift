import Foundation
import ParlanceText

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
        skipWords = SkipWords(grammar.skipWords, fold: fold, ignoresWhitespace: grammar.ignoresWhitespace)
    }

    /// Slot lists supplied per request, compiled for this matcher.
    public struct Lists: Sendable {
        let byName: [Int32: CompiledList]
        public static let none = Lists(byName: [:])
    }

    /// Compiles request-time lists; values with template syntax are expanded (at most
    /// `Template.maxSentences` sentences each).
    ///
    /// - Complexity: O(total length of the values).
    public func lists(_ lists: [String: SlotList]) throws -> Lists {
        var out: [Int32: CompiledList] = [:]
        for (name, list) in lists {
            guard let id = program.listNameIDs[name] else { continue }
            out[id] = try CompiledList.compile(list.expandingTemplates(), fold: fold, language: grammar.language) { _ in -1 }
        }
        return Lists(byName: out)
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
        var best: TemplateMatch?
        run(utterance, lists: lists, context: context, bestSlot: bestSlot) { m in
            if best == nil || m.rank < best!.rank { best = m }
        }
        return best
    }

    /// Every match, best first (stable: equal ranks keep trial order).
    public func all(_ utterance: String, lists: Lists = .none, context: [String: JSONValue] = [:],
                    bestSlot: String? = "name") -> [TemplateMatch] {
        var out: [TemplateMatch] = []
        run(utterance, lists: lists, context: context, bestSlot: bestSlot) { out.append($0) }
        return out.enumerated().sorted { a, b in
            a.element.rank < b.element.rank || (a.element.rank == b.element.rank && a.offset < b.offset)
        }.map(\.element)
    }

    /// The text variants hassil matches against, built on first use.
    struct Variants {
        let base: MatchText
        let noSkip: MatchText
        var cache: [Int: MatchText] = [:]
    }

    func matchable(_ t: MatchText) -> MatchText {
        var m = t
        if grammar.ignoresWhitespace { m.removeCJKSpaces() } else { m.append(0x20) }
        return m
    }

    /// The texts a template of this shape is tried on, in order (0: with skip words, 1: without,
    /// 2: skip words removed at the end only, 3: at the start only, 4: as said).
    func texts(for shape: CompiledProgram.Shape, _ v: inout Variants) -> [MatchText] {
        func variant(_ k: Int) -> MatchText {
            if let t = v.cache[k] { return t }
            let t: MatchText
            switch k {
            case 0: t = matchable(v.base)
            case 1: t = matchable(v.noSkip)
            case 2: t = matchable(skipWords.removing(from: v.base, .atEnd, fold: fold))
            case 3: t = matchable(skipWords.removing(from: v.base, .atStart, fold: fold))
            default: t = v.base
            }
            v.cache[k] = t
            return t
        }
        let main: MatchText
        switch shape {
        case .plain: main = variant(1)
        case .wholeWildcard: main = variant(4)
        case .leadingWildcard: main = variant(2)
        case .trailingWildcard: main = variant(3)
        }
        if v.noSkip.scalars != v.base.scalars && main.scalars == variant(1).scalars { return [variant(0), main] }
        return [main]
    }

    func run(_ utterance: String, lists: Lists, context: [String: JSONValue], bestSlot: String?,
             _ report: @escaping (TemplateMatch) -> Void) {
        let base = MatchText(utterance)
        var v = Variants(base: base, noSkip: skipWords.removing(from: base, .anywhere, fold: fold))
        var scratch = index.makeScratch(templates: program.templates.count)
        var hay = [fold.fold(base.scalars), fold.fold(v.noSkip.scalars)]
        if grammar.ignoresWhitespace {
            for t in [base, v.noSkip] {
                var c = t
                c.removeCJKSpaces()
                hay.append(fold.fold(c.scalars))
            }
        }
        for h in hay { h.withUnsafeBufferPointer { index.markFragments(in: $0, &scratch) } }
        let keywords = Set(MatchText.foldString(v.noSkip.string).split(separator: " ").map(String.init))
        let engine = MatchEngine(program: program, lists: lists.byName)
        engine.ignoresWhitespace = grammar.ignoresWhitespace
        var lastBlock = -1, blockOK = true
        for ti in index.candidates(&scratch) {
            let t = program.templates[Int(ti)]
            let b = program.blocks[Int(t.block)]
            if Int(t.block) != lastBlock {
                lastBlock = Int(t.block)
                blockOK = Self.blockApplies(b.data, context: context, keywords: keywords)
            }
            guard blockOK else { continue }
            for text in texts(for: t.shape, &v) {
                engine.folded = fold.fold(text.scalars)
                engine.raw = text.scalars
                engine.block = Int(t.block)
                engine.entities.removeAll(keepingCapacity: true)
                engine.context = context.map { ($0.key, $0.value) }
                engine.steps = 0
                engine.onMatch = { [unowned engine] s in
                    if let m = engine.finish(s, template: t, text: text, bestSlot: bestSlot) { report(m) }
                }
                engine.matchTemplate(t.root)
            }
        }
    }

    /// hassil skips a block before matching when its keywords are absent or the caller's
    /// context already contradicts its conditions.
    static func blockApplies(_ b: IntentBlock, context: [String: JSONValue], keywords: Set<String>) -> Bool {
        if let kw = b.requiredKeywords, kw.isDisjoint(with: keywords) { return false }
        guard !context.isEmpty else { return true }
        if !b.requiresContext.isEmpty, !ContextRules.satisfiesRequired(b.requiresContext, context, allowMissing: true) {
            return false
        }
        if !b.excludesContext.isEmpty, !ContextRules.satisfiesExcluded(b.excludesContext, context) { return false }
        return true
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
    }

    public var statistics: Statistics {
        Statistics(templates: program.templates.count, nodes: program.nodes.count, chunks: program.chunks.count,
                   lists: program.lists.count, fragments: index.fragmentCount)
    }
}
