import ParlanceText

extension MatchEngine {
    /// A way through a template that passed every check, kept as plain data: the result is
    /// built only for the best one (or for each, when all are kept).
    struct Found {
        var template: Int32
        var block: Int
        var entities: [Entity]
        var contextValues: [(list: Int32, value: Int32)]
        var copied: [ContextRules.CopiedSlot]
        /// The text variant matched (slot texts and ranges are read from it).
        var source: MatchText
        var rank: TemplateMatch.Rank
    }

    /// hassil's `_process_match_contexts` for one way through a template: an open wildcard takes
    /// the rest of the text, nothing but spaces and punctuation may be left, wildcards are not
    /// empty, the context conditions hold.
    ///
    /// Returns nil as well when a better match is already kept (only `all` without a limit
    /// keeps every match).
    mutating func finish(_ s: State) -> Found? {
        let blockID = block
        var ents = entities
        let rest = skipSpaces(s.pos, s.broken)
        if rest < folded.count {
            if let w = openWildcard {
                var end = folded.count
                while end > rest, MatchText.isSpace(ch(end - 1, s.broken)) { end -= 1 }
                ents[w].isOpen = false
                ents[w].start = rest
                ents[w].end = end
                ents[w].isBroken = s.broken
            } else if !(rest..<folded.count).allSatisfy({ MatchText.isSpace(ch($0, s.broken)) || MatchText.isPunctuation(ch($0, s.broken)) }) {
                return nil
            }
        }
        endsReached += 1
        var wildcards = 0, wildcardText = 0
        for i in ents.indices where ents[i].isWildcard {
            let e = ents[i]
            if e.isOpen { return nil }
            var a = e.start, z = e.end
            while a < z, MatchText.isSpace(raw[a]) { a += 1 }
            while z > a, MatchText.isSpace(raw[z - 1]) { z -= 1 }
            if a == z { return nil }
            ents[i].start = a
            ents[i].end = z
            wildcards += 1
            wildcardText += z - a
        }
        if !wordSplits.isEmpty && splitsAWord(ents) { return nil }
        let intent = program.intentNames[Int(program.blockIntent[blockID])]
        // The best slot's text length, as hassil reads it from the slots it returns (the last
        // slot of the name wins; fixed slots and slots from context have no text).
        var bestLength: Int?
        var bestMatched = false
        for e in ents where e.slot == bestSlotID {
            bestMatched = true
            bestLength = e.isWildcard ? nil : e.end - e.start
        }
        if !bestMatched, bestSlotID >= 0, program.blockFixedSlots[blockID].contains(bestSlotID) { bestLength = 0 }
        // Most ways through lose to the best so far: stop before anything else.
        if let b = rankToBeat, bestMatched || !program.blockRequires[blockID],
           !(TemplateMatch.Rank(bestSlotLength: bestLength, wildcards: wildcards, literal: Int(s.chunks),
                                wildcardText: wildcardText, intent: intent) < b) {
            return nil
        }
        var copied: [ContextRules.CopiedSlot] = []
        if program.blockExcludes[blockID] || program.blockRequires[blockID] {
            // The conditions read the context key by key, without merging it; through a view of
            // four arrays, as a closure over `self` would copy the whole engine.
            let view = contextView
            if program.blockExcludes[blockID],
               !ContextRules.satisfiesExcluded(program.blocks[blockID].data.excludesContext, { view.value($0) }) {
                return nil
            }
            if program.blockRequires[blockID] {
                guard let c = ContextRules.copySlots(program.blockRequirements[blockID], from: { view.value($0) })
                else { return nil }
                copied = c
            }
        }
        if !bestMatched, let name = bestSlot, let c = copied.last(where: { $0.name == name }) {
            bestLength = c.text.unicodeScalars.count
        }
        let rank = TemplateMatch.Rank(bestSlotLength: bestLength, wildcards: wildcards, literal: Int(s.chunks),
                                      wildcardText: wildcardText, intent: intent)
        if let b = rankToBeat, !(rank < b) { return nil }
        return Found(template: template, block: blockID, entities: ents, contextValues: contextValues, copied: copied,
                     source: source, rank: rank)
    }

    /// Whether a slot of the match (the last of each name, as `build` keeps it) starts or ends
    /// inside a word of the utterance (`WordBounds`).
    func splitsAWord(_ ents: [Entity]) -> Bool {
        for i in ents.indices where ents[i].start < ents[i].end {
            if ents[(i + 1)...].contains(where: { $0.slot == ents[i].slot }) { continue }
            let lo = Int(source.offsets[ents[i].start])
            let hi = min(Int(source.offsets[ents[i].end - 1]) + 1, Int(source.sourceLength))
            if wordSplits[lo] & WordBounds.splitsAtStart != 0 || wordSplits[hi] & WordBounds.splitsAtEnd != 0 { return true }
        }
        return false
    }

    /// The utterance's UTF-16 range a wildcard at `a..<z` of text variant `text` takes as said
    /// when it is free text: from the end of what matched before it to the start of what
    /// matched after it, so the skip words and punctuation the variant dropped there are the
    /// wildcard's, without spaces and punctuation at its ends. At the utterance's ends it takes
    /// no more than the variant gave it. Only with `said`.
    func saidRange(_ a: Int, _ z: Int, in t: MatchText) -> Range<Int> {
        let n = min(Int(t.sourceLength), said.count)
        let first = min(Int(t.offsets[a]), n), last = wholeEnd(Int(t.offsets[z - 1]) + 1)
        func isEdge(_ u: UInt16) -> Bool {
            guard let c = Unicode.Scalar(u) else { return false }
            if MatchText.isSpace(c.value) { return true }
            switch c.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation: return true
            default: return false
            }
        }
        var p = a - 1
        while p >= 0, MatchText.isSpace(t.scalars[p]) { p -= 1 }
        var lo = p >= 0 ? min(wholeEnd(Int(t.offsets[p]) + 1), first) : first
        while lo < first, isEdge(said[lo]) { lo += 1 }
        var q = z
        while q < t.count, MatchText.isSpace(t.scalars[q]) { q += 1 }
        var hi = q < t.count ? max(min(Int(t.offsets[q]), n), last) : last
        while hi > last, isEdge(said[hi - 1]) { hi -= 1 }
        return lo..<hi
    }

    func wholeEnd(_ i: Int) -> Int { MatchText.characterEnd(said, i) }

    /// The context of the way through so far, read key by key: the last matched list value that
    /// sets a key, else the caller's context (`context(contextValues)` without the merge).
    struct ContextView {
        let programLists: [CompiledList]
        let lists: [CompiledList?]
        let values: [(list: Int32, value: Int32)]
        let base: [String: JSONValue]

        func value(_ key: String) -> JSONValue? {
            for (l, v) in values.reversed() {
                if let x = MatchEngine.list(l, programLists: programLists, lists: lists).values[Int(v)].context?[key] { return x }
            }
            return base[key]
        }
    }

    var contextView: ContextView {
        ContextView(programLists: program.lists, lists: lists, values: contextValues, base: baseContext)
    }

    /// The caller's context with what the matched list values add. Without a context from the
    /// caller, one value's context is the whole of it (and is not copied).
    func context(_ values: [(list: Int32, value: Int32)]) -> [String: JSONValue] {
        if baseContext.isEmpty, values.count == 1 { return list(values[0].list).values[Int(values[0].value)].context ?? [:] }
        var ctx = baseContext
        for (l, v) in values {
            for (k, x) in list(l).values[Int(v)].context ?? [:] { ctx[k] = x }
        }
        return ctx
    }

    /// The match `f` describes: slots with their values, texts and ranges, fixed slots and slots
    /// from context added.
    func build(_ f: Found) -> TemplateMatch {
        let raw = f.source.scalars
        var slots = [String: TemplateMatch.Slot](
            minimumCapacity: f.entities.count + program.blockFixedSlots[f.block].count + f.copied.count)
        for e in f.entities {
            // A value's text without the spaces at its edges that its template took ("yesterday
            // [<part_of_day>]" ends on one); a wildcard's is taken from the utterance below.
            var lo = e.start, hi = e.end
            if !e.isWildcard {
                while hi > lo, MatchText.isSpace(raw[hi - 1]) { hi -= 1 }
                while lo < hi, MatchText.isSpace(raw[lo]) { lo += 1 }
            }
            var txt = lo < hi ? MatchText.string(raw[lo..<hi], hyphensAsSpaces: e.isBroken) : ""
            let range = e.start < e.end
                ? Int(f.source.offsets[e.start])..<Int(min(f.source.offsets[e.end - 1] + 1, f.source.sourceLength)) : nil
            var saidRange: Range<Int>?
            if e.isWildcard && !said.isEmpty, let r = range {
                txt = UTF16Fast.string(said[min(r.lowerBound, said.count)..<wholeEnd(r.upperBound)])
                saidRange = self.saidRange(e.start, e.end, in: f.source)
            }
            var value = JSONValue.string(txt)
            var metadata: [String: JSONValue]?
            if e.isNumber {
                value = .number(e.number)
            } else if e.value >= 0 {
                let v = list(e.list).values[Int(e.value)]
                value = v.output ?? value
                metadata = v.metadata
            }
            slots[program.slotNames[Int(e.slot)]] = TemplateMatch.Slot(
                value: value, text: txt, range: range, isWildcard: e.isWildcard, metadata: metadata, saidRange: saidRange)
        }
        for (j, id) in program.blockFixedSlots[f.block].enumerated() where !f.entities.contains(where: { $0.slot == id }) {
            slots[program.slotNames[Int(id)]] = TemplateMatch.Slot(value: program.blockFixedValues[f.block][j], text: "",
                                                                   range: nil, isWildcard: false, metadata: nil)
        }
        for c in f.copied where !f.entities.contains(where: { program.slotNames[Int($0.slot)] == c.name }) {
            slots[c.name] = TemplateMatch.Slot(value: c.value, text: c.text, range: nil, isWildcard: false, metadata: nil)
        }
        var match = TemplateMatch(intent: f.rank.intent, slots: slots, template: program.templates[Int(f.template)].source,
                                  metadata: program.blocks[f.block].data.metadata, response: program.blocks[f.block].data.response,
                                  context: f.contextValues.isEmpty ? baseContext : context(f.contextValues), rank: f.rank)
        if !said.isEmpty { match.skipped = max(0, saidLetters - f.source.letterCount) }
        return match
    }
}

extension SlotList {
    /// The list with template values (`garage door[s]`) replaced by the sentences they say, for
    /// lists compiled outside a grammar.
    func expandingTemplates() throws -> SlotList {
        guard case .values(let vs) = self else { return self }
        var out: [SlotValue] = []
        for v in vs {
            if case .text = v.input {
                out.append(v)
                continue
            }
            for s in try v.input.sentences(limit: TemplateExpression.maxSentences) {
                var e = v
                e.input = .text(s, range: 0..<s.utf16.count)
                out.append(e)
            }
        }
        return .values(out)
    }
}

extension TemplateExpression {
    /// The most sentences `sentences(limit:)` produces for a list value.
    public static let maxSentences = 1024

    /// Every sentence the expression says (rules and lists are not followed), for list values
    /// only: templates themselves are never expanded.
    func sentences(limit: Int) throws -> [String] {
        switch self {
        case .text(let s, _): return [s]
        case .alternative(let items, _, _):
            let all = try items.flatMap { try $0.sentences(limit: limit) }
            guard all.count <= limit else { throw GrammarError("list value says more than \(limit) sentences") }
            return all
        case .sequence(let items, _), .permutation(let items, _):
            var acc = [""]
            for i in items {
                let next = try i.sentences(limit: limit)
                acc = acc.flatMap { a in next.map { a + $0 } }
                guard acc.count <= limit else { throw GrammarError("list value says more than \(limit) sentences") }
            }
            return acc
        case .list, .rule:
            throw GrammarError("a list value cannot refer to lists or rules here")
        }
    }
}
