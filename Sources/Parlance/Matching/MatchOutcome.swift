extension MatchEngine {
    /// hassil's `_process_match_contexts` for one way through a template: an open wildcard takes
    /// the rest of the text, nothing but spaces and punctuation may be left, wildcards are not
    /// empty, the context conditions hold; then fixed slots and slots from context are added.
    ///
    /// Returns nil as well when a better match is already kept (only `all` without a limit
    /// builds every match).
    func finish(_ s: State) -> TemplateMatch? {
        let blockID = Int(program.templates[Int(template)].block)
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
        let intent = program.intentNames[Int(program.blocks[blockID].intent)]
        // The best slot's text length, as hassil reads it from the slots it returns (the last
        // slot of the name wins; fixed slots and slots from context have no text).
        var bestLength: Int?
        var bestMatched = false
        for e in ents where e.slot == bestSlotID {
            bestMatched = true
            bestLength = e.isWildcard ? nil : e.end - e.start
        }
        if !bestMatched, let name = bestSlot, program.blocks[blockID].data.slots[name] != nil { bestLength = 0 }
        // Most ways through lose to the best so far: stop before building anything.
        if let b = rankToBeat, bestMatched || program.blocks[blockID].data.requiresContext.isEmpty,
           !(TemplateMatch.Rank(bestSlotLength: bestLength, wildcards: wildcards, literal: Int(s.chunks),
                                wildcardText: wildcardText, intent: intent) < b) {
            return nil
        }
        let block = program.blocks[blockID]
        var ctx = baseContext
        for (l, v) in contextValues {
            for (k, x) in list(l).values[Int(v)].context ?? [:] { ctx[k] = x }
        }
        if !block.data.excludesContext.isEmpty, !ContextRules.satisfiesExcluded(block.data.excludesContext, ctx) { return nil }
        var copied: [ContextRules.CopiedSlot] = []
        if !block.data.requiresContext.isEmpty {
            guard let c = ContextRules.copySlots(block.data.requiresContext, from: ctx) else { return nil }
            copied = c
        }
        if !bestMatched, let name = bestSlot, let c = copied.last(where: { $0.name == name }) {
            bestLength = c.text.unicodeScalars.count
        }
        let rank = TemplateMatch.Rank(bestSlotLength: bestLength, wildcards: wildcards, literal: Int(s.chunks),
                                      wildcardText: wildcardText, intent: intent)
        if let b = rankToBeat, !(rank < b) { return nil }
        var slots: [String: TemplateMatch.Slot] = [:]
        for e in ents {
            let txt = text(e.start, e.end, broken: e.isBroken)
            let range = e.start < e.end
                ? Int(source.offsets[e.start])..<Int(min(source.offsets[e.end - 1] + 1, source.sourceLength)) : nil
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
                value: value, text: txt, range: range, isWildcard: e.isWildcard, metadata: metadata)
        }
        let names = Set(ents.map { program.slotNames[Int($0.slot)] })
        for (name, value) in block.data.slots where !names.contains(name) {
            slots[name] = TemplateMatch.Slot(value: value, text: "", range: nil, isWildcard: false, metadata: nil)
        }
        for c in copied where !names.contains(c.name) {
            slots[c.name] = TemplateMatch.Slot(value: c.value, text: c.text, range: nil, isWildcard: false, metadata: nil)
        }
        return TemplateMatch(intent: intent, slots: slots, template: program.templates[Int(template)].source,
                             metadata: block.data.metadata,
                             response: block.data.response, context: ctx, rank: rank)
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
