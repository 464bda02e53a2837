import Foundation

extension MatchEngine {
    /// The list a reference reads, as a code: the block's own, else the caller's (negative:
    /// `-(list name + 1)`), else the grammar's, else an inline range (`{1..10:x}`); nil if none.
    func listCode(for ref: CompiledProgram.ListRef) -> Int32? {
        if ref.local >= 0 { return ref.local }
        if Int(ref.listName) < lists.count, lists[Int(ref.listName)] != nil { return -(ref.listName + 1) }
        if program.grammarList[Int(ref.listName)] >= 0 { return program.grammarList[Int(ref.listName)] }
        if ref.inline >= 0 { return ref.inline }
        return nil
    }

    func list(_ code: Int32) -> CompiledList { Self.list(code, programLists: program.lists, lists: lists) }

    /// The list `code` (`listCode(for:)`) names: the program's, or the caller's.
    static func list(_ code: Int32, programLists: [CompiledList], lists: [CompiledList?]) -> CompiledList {
        code >= 0 ? programLists[Int(code)] : lists[Int(-code - 1)]!
    }

    mutating func matchList(_ ref: CompiledProgram.ListRef, _ s: State, _ k: Int32) {
        guard s.pos < folded.count, let code = listCode(for: ref) else { return }
        let l = list(code)
        switch l.kind {
        case .values: matchValues(l, code, ref, s, k)
        case .range: matchRange(l, ref, s, k)
        case .wildcard:
            entities.append(Entity(slot: ref.slot, start: s.pos, end: s.pos, isWildcard: true, isOpen: true,
                                   endOfWord: ref.isEndOfWord))
            wildcardCount += 1
            if let b = bound, cannotBeat(s, b) {
                wildcardCount -= 1
                entities.removeLast()
                return
            }
            resume(k, s)
            wildcardCount -= 1
            entities.removeLast()
        }
    }

    /// The values worth trying at `s`, in hassil's order: at a word start, the trie's (shortest
    /// first), then template values; elsewhere, in list order, the values that can match here
    /// (or, with an open wildcard, anywhere after here) and the template values.
    ///
    /// - Complexity: O(k) for a value that must start here (k: the longest key there), O(n · k)
    ///   with an open wildcard; never O(size of the list).
    func candidates(_ l: CompiledList, _ s: State, into out: inout [Int32]) {
        let anchored = openWildcard == nil && !ignoresWhitespace && s.sow
        folded.withUnsafeBufferPointer { text in
            if anchored {
                let q = skipSpaces(s.pos, s.broken)
                if s.broken {
                    let b = text.map { $0 == 0x2D || $0 == 0x5F ? 0x20 : $0 }
                    b.withUnsafeBufferPointer { l.trie.appendPrefixes(of: $0, from: q, to: &out) }
                } else {
                    l.trie.appendPrefixes(of: text, from: q, to: &out)
                    if lastHyphen >= q {
                        let b = text.map { $0 == 0x2D || $0 == 0x5F ? 0x20 : $0 }
                        b.withUnsafeBufferPointer { l.trie.appendPrefixes(of: $0, from: q, to: &out) }
                    }
                }
                appendTemplated(l, startingWith: q < text.count ? text[q] : nil, into: &out)
                return
            }
            if ignoresWhitespace && openWildcard == nil {
                l.trieCJK.appendPrefixes(of: text, from: s.pos, to: &out)
                let q = skipSpaces(s.pos, s.broken)
                appendTemplated(l, startingWith: q < text.count ? text[q] : nil, into: &out)
                out.sort()
                return
            } else if openWildcard == nil {
                // Not at a word start: a value must match right here (spaces included), so only
                // the values keyed here or after the spaces here can; the chunk match decides.
                let q = skipSpaces(s.pos, s.broken)
                if s.broken || lastHyphen >= s.pos {
                    let b = text.map { $0 == 0x2D || $0 == 0x5F ? 0x20 : $0 }
                    b.withUnsafeBufferPointer { bt in
                        l.trie.appendPrefixes(of: bt, from: s.pos, to: &out)
                        if q != s.pos { l.trie.appendPrefixes(of: bt, from: q, to: &out) }
                    }
                }
                if !s.broken {
                    l.trie.appendPrefixes(of: text, from: s.pos, to: &out)
                    if q != s.pos { l.trie.appendPrefixes(of: text, from: q, to: &out) }
                }
            } else {
                for q in s.pos..<text.count { l.trie.appendPrefixes(of: text, from: q, to: &out) }
            }
            out.append(contentsOf: l.templated)
            out.sort()
            var unique = 0
            for i in out.indices where i == 0 || out[i] != out[i - 1] {
                out[unique] = out[i]
                unique += 1
            }
            out.removeSubrange(unique...)
        }
    }

    /// Template values, in list order, that can start with `c` (all when `c` may be read as a
    /// space or is unknown).
    func appendTemplated(_ l: CompiledList, startingWith c: UInt32?, into out: inout [Int32]) {
        guard let c, c != 0x2D, c != 0x5F, l.templatedFirst.count == l.templated.count else {
            return out.append(contentsOf: l.templated)
        }
        for (i, v) in l.templated.enumerated() where l.templatedFirst[i]?.contains(c) ?? true { out.append(v) }
    }

    mutating func matchValues(_ l: CompiledList, _ code: Int32, _ ref: CompiledProgram.ListRef, _ s: State, _ k: Int32) {
        let wildcard = openWildcard ?? -1
        // The candidates go into a reused buffer (a nested list takes a fresh one meanwhile).
        var found: [Int32] = []
        swap(&found, &candidateBuffer)
        defer {
            found.removeAll(keepingCapacity: true)
            if found.capacity > candidateBuffer.capacity { swap(&found, &candidateBuffer) }
        }
        candidates(l, s, into: &found)
        let group = program.blockGroup[block]
        for i in found {
            let chunk = l.valueChunks[Int(i)]
            if let c = chunk, c.strippedCount == 0 || folded.count - s.pos < Int(c.count) { continue }
            // Values with context must not contradict the block's conditions.
            if !(l.admits(i, group: group) ?? program.contextGroups[Int(group)].admits(l.values[Int(i)].context!)) { continue }
            valueMatches.append(ValueMatch(start: s, ref: ref, listCode: code, value: i, wildcard: wildcard, parent: k))
            let f = push(.value(Int32(valueMatches.count - 1)))
            if let c = chunk {
                l.pool.scalars.withUnsafeBufferPointer { matchChunk(c, $0, s, f) }
            } else {
                match(l.valueNodes[Int(i)], s, f)
            }
            pop()
            valueMatches.removeLast()
        }
    }

    /// A list value matched from `m.start` to `vs`: the slot gets the value, the value's context
    /// joins the match's, and matching goes on with the state from before the value (hassil keeps
    /// the literal count and word start of the list reference, not of the value).
    mutating func valueMatched(_ m: ValueMatch, _ vs: State) {
        var start = m.start.pos
        if m.wildcard >= 0, !entities[m.wildcard].isOpen { start = entities[m.wildcard].end }
        let pushed = !m.ref.isCapture
        if pushed {
            entities.append(Entity(slot: m.ref.slot, start: start, end: vs.pos, list: m.listCode, value: m.value,
                                   isBroken: vs.broken))
        }
        let adds = list(m.listCode).valueHasContext[Int(m.value)]
        if adds { contextValues.append((m.listCode, m.value)) }
        resume(m.parent, State(pos: vs.pos, broken: vs.broken, sow: m.start.sow, chunks: m.start.chunks))
        if adds { contextValues.removeLast() }
        if pushed { entities.removeLast() }
    }

    /// Digits at the start (`^\s*-?[0-9]+`, with `[.,][0-9]+` when the range has fractions):
    /// the end of the number and whether it is one.
    @inline(__always) func digits(at p: Int, fractions: Bool, broken: Bool) -> Int? {
        var q = skipSpaces(p, broken)
        if q < folded.count && folded[q] == 0x2D { q += 1 }
        func isDigit(_ i: Int) -> Bool { i < folded.count && folded[i] >= 0x30 && folded[i] <= 0x39 }
        guard isDigit(q) else { return nil }
        while isDigit(q) { q += 1 }
        if fractions, q < folded.count, folded[q] == 0x2E || folded[q] == 0x2C, isDigit(q + 1) {
            q += 1
            while isDigit(q) { q += 1 }
        }
        return q
    }

    /// The value of digits found by `digits(at:)` (`,` read as a decimal point, as hassil does).
    func number(_ start: Int, _ end: Int) -> Double? {
        var whole = 0.0, fraction = 0.0, scale = 1.0, negative = false, inFraction = false
        for i in skipSpaces(start, false)..<end {
            let c = folded[i]
            if c == 0x2D { negative = true } else if c == 0x2E || c == 0x2C { inFraction = true } else if inFraction {
                scale /= 10
                fraction += Double(c - 0x30) * scale
            } else {
                whole = whole * 10 + Double(c - 0x30)
            }
        }
        return (negative ? -1 : 1) * (whole + fraction)
    }

    mutating func matchRange(_ l: CompiledList, _ ref: CompiledProgram.ListRef, _ s: State, _ k: Int32) {
        // The range's fields are read where they are needed: a copy of it would retain its strings.
        let wildcard = openWildcard
        let fractions = l.range.fractions != nil
        // Where numbers in digits are: at the start, or anywhere when a wildcard is open.
        var spans: [(Int, Int)] = []
        if wildcard == nil {
            if let e = digits(at: s.pos, fractions: fractions, broken: s.broken) {
                spans.reserveCapacity(1)
                spans.append((s.pos, e))
            }
        } else {
            var i = s.pos
            while i < folded.count {
                if let e = digits(at: i, fractions: fractions, broken: s.broken) {
                    spans.append((i, e))
                    i = e
                } else {
                    i += 1
                }
            }
        }
        var digitsMatched = false
        if l.range.digits {
            for (a, e) in spans {
                guard let v = number(a, e), l.range.contains(v) else { continue }
                digitsMatched = true
                let saved = wildcard.map { entities[$0] }
                if let w = wildcard {
                    entities[w].isOpen = false
                    entities[w].start = s.pos
                    entities[w].end = a
                }
                entities.append(Entity(slot: ref.slot, start: a, end: e, number: v * (l.range.multiplier ?? 1), isNumber: true))
                resume(k, State(pos: e, broken: s.broken, sow: s.sow, chunks: s.chunks))
                entities.removeLast()
                if let w = wildcard { entities[w] = saved! }
            }
        }
        guard l.range.words, !digitsMatched, spans.isEmpty, !l.numberWords.isEmpty else { return }
        var seen = Set<Int32>()
        let last = wildcard == nil ? s.pos : folded.count - 1
        for start in s.pos...max(s.pos, last) where start < folded.count {
            var found: [Int32] = []
            if s.broken {
                let b = folded.map { $0 == 0x2D || $0 == 0x5F ? 0x20 : $0 }
                b.withUnsafeBufferPointer { l.words.prefixes(of: $0, from: start) { _, w in found.append(w) } }
            } else {
                folded.withUnsafeBufferPointer { l.words.prefixes(of: $0, from: start) { _, w in found.append(w) } }
            }
            for w in found where seen.insert(w).inserted {
                let word = l.numberWords[Int(w)]
                let saved = wildcard.map { entities[$0] }
                if let wi = wildcard {
                    entities[wi].isOpen = false
                    entities[wi].start = s.pos
                    entities[wi].end = start
                }
                let end = start + Int(word.chunk.count)
                entities.append(Entity(slot: ref.slot, start: start, end: end, number: word.value, isNumber: true))
                l.pool.scalars.withUnsafeBufferPointer {
                    matchChunk(word.chunk, $0, State(pos: start, broken: s.broken, sow: s.sow, chunks: s.chunks), k)
                }
                entities.removeLast()
                if let wi = wildcard { entities[wi] = saved! }
            }
        }
    }
}
