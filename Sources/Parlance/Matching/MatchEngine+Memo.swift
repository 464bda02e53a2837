/// Where expressions that read no list end, remembered per text.
///
/// An expression without list references (a rule of digits, a long alternative of verbs) ends
/// at places that depend on the text and where it starts only: not on the slots matched so far,
/// the template, or the way it was reached. Walked again for every way that reaches it (every
/// payee a name could be, every template that uses the rule), it is walked once per text and
/// starting state (`memoized`); later ways go on from the ends found.
struct SubMatchMemo {
    /// Where an expression ended: the position, how the text was read, and the literal code
    /// points it matched.
    struct End: Equatable {
        var pos: Int32
        var chunks: Int32
        var broken: Bool
        var sow: Bool
    }

    /// Ends found, by key (`key(_:_:)`): `start << 32 | count` in `ends`.
    var table = FingerprintTable()
    var ends: [End] = []
    /// The ends of the walks in progress, innermost last, each from its `start` in `buffer`.
    var buffer: [End] = []
    var walks: [(start: Int32, chunks: Int32, key: UInt64)] = []

    mutating func removeAll() {
        table.removeAll()
        ends.removeAll(keepingCapacity: true)
    }

    /// Moves the ends a walk collected, from `start` in `buffer`, to `ends` (kept until the
    /// text changes): their range there. One at a time: `append(contentsOf:)` of a slice and
    /// `removeSubrange` go through generic code that costs more than the few ends a walk finds.
    mutating func keep(from start: Int) -> Range<Int> {
        let from = ends.count
        var i = start
        while i < buffer.count {
            ends.append(buffer[i])
            i += 1
        }
        while buffer.count > start { buffer.removeLast() }
        return from..<ends.count
    }

    /// What is remembered: a node, or the rest of a sequence from one of its items.
    enum Expression {
        case node(Int32)
        case rest(first: Int32, count: Int32, next: Int32)
    }

    /// A key for `e` started at `s` (positions below 2^24; nodes and items below 2^36).
    static func key(_ e: Expression, _ s: MatchEngine.State) -> UInt64 {
        let id: UInt64
        switch e {
        case .node(let n): id = UInt64(UInt32(bitPattern: n)) << 1
        case .rest(let first, _, let next): id = UInt64(UInt32(bitPattern: first + next)) << 1 | 1
        }
        return id << 26 | UInt64(s.pos) << 2 | (s.broken ? 2 : 0) | (s.sow ? 1 : 0)
    }
}

extension MatchEngine {
    /// Matches `e` at `s`, then continues with `k` from each place it ends: the first time for a
    /// key, `e` is walked with a continuation that only collects its ends (in the order the walk
    /// finds them, each once), with no rank bound, and they are remembered; then, and on every
    /// later call, `k` is resumed from each. The continuation sees the same ends, in the same
    /// order, as if `e` had been walked before it; an end found twice would only find again
    /// what it found the first time.
    ///
    /// Only without an open wildcard (a chunk after one is looked for anywhere further on, and
    /// closes it).
    mutating func memoized(_ e: SubMatchMemo.Expression, _ s: State, _ k: Int32) {
        let key = SubMatchMemo.key(e, s)
        var range: Range<Int>
        if let r = memo.table[key] {
            let start = Int(r >> 32)
            range = start..<start + Int(UInt32(truncatingIfNeeded: r))
        } else {
            let start = memo.buffer.count
            memo.walks.append((Int32(start), s.chunks, key))
            let f = push(.collect(Int32(memo.walks.count - 1)))
            let savedBound = bound, ends = endsReached, unknown = cutsUnknown
            bound = nil
            switch e {
            case .node(let n): walk(n, s, f)
            case .rest(let first, let count, let next): sequenceStep(first, count, next, s, f)
            }
            bound = savedBound
            pop()
            memo.walks.removeLast()
            range = memo.keep(from: start)
            // A walk cut by the step limit may have missed ends: it is not remembered, and
            // what it cut stays counted.
            if steps <= stepLimit {
                memo.table.insert(key, UInt64(range.lowerBound) << 32 | UInt64(range.count))
                endsReached = ends
                cutsUnknown = unknown
            }
        }
        for i in range {
            let end = memo.ends[i]
            resume(k, State(pos: Int(end.pos), broken: end.broken, sow: end.sow, chunks: s.chunks + end.chunks))
        }
    }

    /// An end of the walk `w` of `memoized`, recorded once.
    mutating func collect(_ w: Int32, _ s: State) {
        let walk = memo.walks[Int(w)]
        let end = SubMatchMemo.End(pos: Int32(s.pos), chunks: s.chunks - walk.chunks, broken: s.broken, sow: s.sow)
        // Counted as the template's end: the ways that lead here do not lead nowhere.
        endsReached += 1
        var i = Int(walk.start)
        while i < memo.buffer.count {
            if memo.buffer[i] == end { return }
            i += 1
        }
        memo.buffer.append(end)
    }

    /// Whether what starts at `s` may be remembered: no wildcard is open, and the position fits a key.
    @inline(__always) func memoizable(_ s: State) -> Bool {
        s.pos < 1 << 24 && openWildcard == nil
    }
}
