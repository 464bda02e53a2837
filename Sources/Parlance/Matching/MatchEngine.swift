/// Walks compiled templates over one prepared utterance with hassil's semantics (its
/// `string_matcher.match_expression`), depth first, calling a continuation for every way an
/// expression can match. Entities and context live on stacks that are pushed before a
/// continuation runs and popped after, so a match allocates nothing per step.
///
/// The text is folded once; a chunk matches where its folded code points equal the text's.
/// After a failed chunk, the text may be re-read with `-` and `_` as spaces ("living-room"
/// matches "living room"), as hassil does; `State.broken` records that.
final class MatchEngine {
    struct State {
        var pos: Int
        var broken: Bool
        /// The next chunk starts a word: leading spaces of chunk and text are skipped.
        var sow: Bool
        /// Literal code points matched so far (hassil's `text_chunks_matched`).
        var chunks: Int32
    }

    struct Entity {
        var slot: Int32
        var start: Int
        var end: Int
        var value: JSONValue?
        var metadata: [String: JSONValue]?
        var isWildcard = false
        var isOpen = false
        var endOfWord = true
        var isBroken = false
    }

    let program: CompiledProgram
    let lists: [Int32: CompiledList]
    var folded: [UInt32] = []
    var raw: [UInt32] = []
    var ignoresWhitespace = false
    var entities: [Entity] = []
    var context: [(key: String, value: JSONValue)] = []
    var block = 0
    var steps = 0
    var stepLimit = 2_000_000
    var exhausted = false

    init(program: CompiledProgram, lists: [Int32: CompiledList]) {
        self.program = program
        self.lists = lists
    }

    @inline(__always) func ch(_ i: Int, _ broken: Bool) -> UInt32 {
        let c = folded[i]
        return broken && (c == 0x2D || c == 0x5F) ? 0x20 : c
    }

    var openWildcard: Int? {
        guard let last = entities.last, last.isWildcard, last.isOpen else { return nil }
        return entities.count - 1
    }

    func match(_ node: Int32, _ s: State, _ k: (State) -> Void) {
        steps += 1
        if steps > stepLimit { exhausted = true; return }
        let n = program.nodes[Int(node)]
        switch n.kind {
        case .text:
            matchChunk(program.chunks[Int(n.a)], s, k)
        case .sequence:
            matchSequence(n.a, n.b, 0, s, k)
        case .alternative:
            for i in 0..<n.b { match(program.children[Int(n.a + i)], s, k) }
        case .permutation:
            matchPermutation(n.a, n.b, n.b >= 64 ? ~0 : (1 << UInt64(n.b)) - 1, s, k)
        case .list:
            matchList(program.listRefs[Int(n.a)], s, k)
        }
    }

    func matchSequence(_ first: Int32, _ count: Int32, _ i: Int32, _ s: State, _ k: (State) -> Void) {
        if i == count { return k(s) }
        match(program.children[Int(first + i)], s) { s2 in matchSequence(first, count, i + 1, s2, k) }
    }

    /// hassil's permutation: each item first, then the permutations of the others.
    func matchPermutation(_ first: Int32, _ count: Int32, _ left: UInt64, _ s: State, _ k: (State) -> Void) {
        if left == 0 { return k(s) }
        if left.nonzeroBitCount == 1 {
            return match(program.children[Int(first) + left.trailingZeroBitCount], s, k)
        }
        for i in 0..<Int(count) where left & (1 << UInt64(i)) != 0 {
            match(program.children[Int(first) + i], s) { s2 in matchPermutation(first, count, left & ~(1 << UInt64(i)), s2, k) }
        }
    }

    /// The end of `chunk[from...]` matched at `at`, or nil.
    @inline(__always)
    func prefix(_ chunk: [UInt32], from: Int, at: Int, broken: Bool) -> Int? {
        let len = chunk.count - from
        guard at + len <= folded.count else { return nil }
        var j = 0
        while j < len {
            if ch(at + j, broken) != chunk[from + j] { return nil }
            j += 1
        }
        return at + len
    }

    @inline(__always) func isWordAt(_ i: Int, _ broken: Bool) -> Bool { MatchText.isWord(ch(i, broken)) }

    /// hassil's `match_first`: the first position at or after `from` where the chunk matches,
    /// at a word boundary when asked (the text is read as if it started at `from`).
    func matchFirst(_ chunk: [UInt32], _ cFrom: Int, from: Int, boundary: Bool, broken: Bool) -> Int {
        var q = from
        while q < folded.count {
            if boundary {
                let prevWord = q > from && isWordAt(q - 1, broken)
                if prevWord == isWordAt(q, broken) { q += 1; continue }
            }
            if prefix(chunk, from: cFrom, at: q, broken: broken) != nil { return q }
            q += 1
        }
        return -1
    }

    func skipSpaces(_ p: Int, _ broken: Bool) -> Int {
        var q = p
        while q < folded.count, MatchText.isSpace(ch(q, broken)) { q += 1 }
        return q
    }

    /// One literal chunk (hassil's `TextChunk` branch), wildcard closing included.
    func matchChunk(_ c: CompiledProgram.Chunk, _ s: State, _ k: (State) -> Void) {
        if c.isEmpty { return k(s) }
        let chunk = ignoresWhitespace ? c.foldedCJK : c.folded
        var cFrom = 0, start = s.pos
        if !ignoresWhitespace && s.sow {
            cFrom = c.firstNonSpace
            start = skipSpaces(s.pos, s.broken)
        }
        let chunkBlank = chunk[cFrom...].allSatisfy { MatchText.isSpace($0) }
        if let w = openWildcard {
            if chunkBlank { return k(State(pos: start, broken: s.broken, sow: true, chunks: s.chunks)) }
            let boundary = ignoresWhitespace ? false : entities[w].endOfWord
            var q = matchFirst(chunk, cFrom, from: start, boundary: boundary, broken: s.broken)
            if q < 0 { return }
            if q == start {
                q = matchFirst(chunk, cFrom, from: start + 1, boundary: boundary, broken: s.broken)
                if q < 0 { return }
            }
            let saved = entities[w]
            while q > start {
                entities[w].isOpen = false
                entities[w].start = start
                entities[w].end = q
                entities[w].isBroken = s.broken
                matchChunk(c, State(pos: q, broken: s.broken, sow: true, chunks: s.chunks), k)
                entities[w] = saved
                q = matchFirst(chunk, cFrom, from: q + 1, boundary: false, broken: s.broken)
                if q < 0 { break }
            }
            return
        }
        let stripped = ignoresWhitespace ? c.strippedCountCJK : c.strippedCount
        if let end = prefix(chunk, from: cFrom, at: start, broken: s.broken) {
            return k(State(pos: end, broken: s.broken, sow: c.endsWord, chunks: s.chunks + stripped))
        }
        let restBlank = skipSpaces(start, s.broken) == folded.count
        if restBlank && chunkBlank && cFrom < chunk.count { return k(s) }
        if !s.broken, (start..<folded.count).contains(where: { folded[$0] == 0x2D || folded[$0] == 0x5F }),
           let end = prefix(chunk, from: cFrom, at: start, broken: true) {
            k(State(pos: end, broken: true, sow: s.sow, chunks: s.chunks))
        }
    }

    /// The text of `raw[start..<end]`, read with `-` and `_` as spaces when `broken`.
    func text(_ start: Int, _ end: Int, broken: Bool) -> String {
        guard start < end else { return "" }
        return MatchText.string(ArraySlice(raw[start..<end].map { broken && ($0 == 0x2D || $0 == 0x5F) ? 0x20 : $0 }))
    }
}
