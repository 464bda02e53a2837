/// Walks compiled templates over one prepared utterance with hassil's semantics (its
/// `string_matcher.match_expression`), depth first, calling a continuation for every way an
/// expression can match. Entities and context live on stacks that are pushed before a
/// continuation runs and popped after, so a match allocates nothing per step.
///
/// The text is folded once; a chunk matches where its folded code points equal the text's.
/// After a failed chunk, the text may be re-read with `-` and `_` as spaces ("living-room"
/// matches "living room"), as hassil does; `State.broken` records that.
struct MatchEngine {
    struct State {
        var pos: Int
        var broken: Bool
        /// The next chunk starts a word: leading spaces of chunk and text are skipped.
        var sow: Bool
        /// Literal code points matched so far (hassil's `text_chunks_matched`).
        var chunks: Int32
    }

    /// A slot found so far. Plain data, so pushing and popping retains nothing: the value is
    /// the text (wildcards), a number (ranges) or value `value` of list `list`.
    struct Entity {
        var slot: Int32
        var start: Int
        var end: Int
        var number = 0.0
        var list: Int32 = 0
        var value: Int32 = -1
        var isNumber = false
        var isWildcard = false
        var isOpen = false
        var endOfWord = true
        var isBroken = false
    }

    /// What to do after an expression has matched: continuations as data rather than closures
    /// (closures passed down a recursion make the optimizer specialize without end).
    enum Frame {
        /// The template matched: `onMatch` judges the result.
        case done
        /// Match item `next` of a sequence, then the rest.
        case sequence(first: Int32, count: Int32, next: Int32, parent: Int32)
        /// Match the permutation's items left in the mask.
        case permutation(first: Int32, count: Int32, left: UInt64, parent: Int32)
        /// A list value matched: record the slot (`valueMatches[i]`), then continue.
        case value(Int32)
        /// An expression walked by `memoized` ended: record where (walk `i` of `memo.walks`).
        case collect(Int32)
    }

    /// Plain data (frames are copied at every step): the list by `listCode`, the value by index.
    struct ValueMatch {
        var start: State
        var ref: CompiledProgram.ListRef
        var listCode: Int32
        var value: Int32
        var wildcard: Int
        var parent: Int32
    }

    let program: CompiledProgram
    /// The program's nodes, children, chunks and list references, read without reference counting.
    let nodes: UnsafeBufferPointer<CompiledProgram.Node>
    let children: UnsafeBufferPointer<Int32>
    let chunks: UnsafeBufferPointer<CompiledProgram.Chunk>
    let listRefs: UnsafeBufferPointer<CompiledProgram.ListRef>
    let firstMasks: UnsafeBufferPointer<UInt64>
    let frozen: FrozenProgram
    var lists: [CompiledList?]
    var folded: [UInt32] = []
    /// For every position, the first position at or after it that is not a space.
    var nextNonSpace: [Int32] = [0]
    var nextNonSpaceBroken: [Int32] = [0]

    /// One text variant, folded and indexed once per utterance, in buffers kept from one
    /// utterance to the next (`TemplateMatcher.Variants`).
    struct Text {
        var source = MatchText(scalars: [], offsets: [], sourceLength: 0)
        var folded: [UInt32] = []
        var nextNonSpace: [Int32] = []
        /// Only when `lastHyphen >= 0` (no state reads `-` and `_` as spaces otherwise).
        var nextNonSpaceBroken: [Int32] = []
        var lastHyphen = -1

        /// Folds and indexes `source`, after it changed.
        mutating func index(fold: ScalarFold) {
            fold.fold(source.scalars, into: &folded)
            lastHyphen = folded.lastIndex { $0 == 0x2D || $0 == 0x5F } ?? -1
            MatchEngine.nonSpaceTable(folded, broken: false, into: &nextNonSpace)
            if lastHyphen >= 0 { MatchEngine.nonSpaceTable(folded, broken: true, into: &nextNonSpaceBroken) }
        }
    }

    /// Fills `out` with, for every position of `t` and its end, the `TemplateIndex.firstBit`s
    /// of the code points from there on (all bits before a `-` or `_`, which may be read as
    /// spaces). Built backwards by appending, then reversed.
    static func laterBitsTable(_ t: [UInt32], into out: inout [UInt64]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(t.count + 1)
        var bits: UInt64 = 0
        out.append(bits)
        for c in t.reversed() {
            if c == 0x2D || c == 0x5F { bits = ~0 } else if !MatchText.isSpace(c) { bits |= TemplateIndex.firstBit(c) }
            out.append(bits)
        }
        out.reverse()
    }

    /// Clears what one utterance left, keeping the buffers for the next.
    mutating func reset(lists: [CompiledList?]) {
        self.lists = lists
        entities.empty()
        frames.removeAll()
        valueMatches.empty()
        contextValues.empty()
        best = nil
        all = []
        bound = nil
        wildcardCount = 0
        exhausted = false
    }

    /// Drops what the engine holds of a call that ends: the caller's lists (freed when the
    /// caller drops them), and the text and matches, whose buffers are the scratch space's
    /// (shared, they would be copied when it is refilled for the next utterance).
    mutating func endCall() {
        lists = []
        best = nil
        all = []
        load(Text())
    }

    /// Reads `t` (sharing its buffers) until the next `load`.
    mutating func load(_ t: Text) {
        folded = t.folded
        raw = t.source.scalars
        source = t.source
        nextNonSpace = t.nextNonSpace
        nextNonSpaceBroken = t.lastHyphen >= 0 ? t.nextNonSpaceBroken : t.nextNonSpace
        lastHyphen = t.lastHyphen
        laterBitsBuilt = false
        firstFound.removeAll()
        memo.removeAll()
        textGeneration &+= 1
        if textGeneration == 0 {
            lastPlaces.removeAll()
            textGeneration = 1
        }
    }

    /// Fills `out` with, for every position of `t` and its end, the first position at or after
    /// it that is not a space (`-` and `_` are spaces when `broken`). Built by appending:
    /// `init(repeating:count:)` allocates through unspecialized generic code, several hundred
    /// instructions a time.
    static func nonSpaceTable(_ t: [UInt32], broken: Bool, into out: inout [Int32]) {
        func isSpace(_ c: UInt32) -> Bool { MatchText.isSpace(c) || (broken && (c == 0x2D || c == 0x5F)) }
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(t.count + 1)
        var i = 0
        while i < t.count {
            guard isSpace(t[i]) else {
                out.append(Int32(i))
                i += 1
                continue
            }
            var j = i + 1
            while j < t.count && isSpace(t[j]) { j += 1 }
            for _ in i..<j { out.append(Int32(j)) }
            i = j
        }
        out.append(Int32(t.count))
    }
    /// Where the last `-` or `_` is (-1: none): only then may the text be read with spaces.
    var lastHyphen = -1
    /// `matchFirst`'s results on the loaded text.
    var firstFound = FingerprintTable()
    /// Per template chunk, by the offset of its first code point in the pool: where it last
    /// starts in the loaded text read as it is (-1: nowhere), when the entry's stamp is the
    /// text's generation and its length the chunk's (`lastOccurrence`).
    struct LastPlace {
        var at: Int32 = -1
        var length: UInt16 = 0
        var stamp: UInt32 = 0
    }
    var lastPlaces: [LastPlace] = []
    var textGeneration: UInt32 = 0
    /// Where expressions that read no list end on the loaded text (`memoized`).
    var memo = SubMatchMemo()
    /// The loaded text's `laterBitsTable`, built when a wildcard first needs it.
    var laterBits: [UInt64] = []
    var laterBitsBuilt = false
    /// The program's chunk code points, valid during `TemplateMatcher.run`.
    var chunkScalars = UnsafeBufferPointer<UInt32>(start: nil, count: 0)
    var raw: [UInt32] = []
    /// With `IntentGrammar.wholeWords`, the utterance's `WordBounds.splits` (else empty).
    var wordSplits: [UInt8] = []
    var ignoresWhitespace = false
    /// The utterance's UTF-16 code units when wildcards are read as said (`IntentGrammar.wildcardsAsSaid`), else empty.
    var said: [UInt16] = []
    /// Code points of the utterance other than spaces (the text matched has fewer when skip words were dropped).
    var saidLetters = 0
    var entities: [Entity] = []
    /// The caller's context, and the list values matched so far that add context to it.
    var baseContext: [String: JSONValue] = [:]
    var contextValues: [(list: Int32, value: Int32)] = []
    /// The continuations, each with two fingerprints worked out on first use (0 until then) from
    /// the frame and the frames under it: `chain`, what they do with the text, and `exact`, what
    /// they do to the match (`chain` and, for list values, the value, slot and start). Frames
    /// pushed again on another way have the same fingerprints when they continue alike. On a
    /// stack of its own (no uniqueness check per push and pop), shared by copies of the engine.
    let frames = PlainStack<(frame: Frame, exact: UInt64, chain: UInt64)>()
    var visited = FingerprintSet()
    /// The matches kept in this template walk (`keptNew`).
    var kept = FingerprintSet()
    /// Continuations found to lead nowhere (`resumeUnlessDead`), per template.
    var deadEnds = DeadEnds()
    /// Times the template's end was reached with nothing but spaces and punctuation left, or a
    /// wildcard open to take the rest (`finish`), whatever `finish` then judged.
    var endsReached = 0
    /// Ways cut for a reason other than the text and the rank bound (the step limit, a state
    /// seen before): a continuation cut so is not known to lead nowhere.
    var cutsUnknown = 0
    var valueMatches: [ValueMatch] = []
    /// A buffer for list candidates, lent to one list look-up at a time.
    var candidateBuffer: [Int32] = []
    var block = 0
    var steps = 0
    var stepLimit = 2_000_000
    var exhausted = false
    /// The template being matched, the text variant it is matched on, and what is collected.
    var template: Int32 = 0
    var source = MatchText(scalars: [], offsets: [], sourceLength: 0)
    var bestSlot: String?
    var bestSlotID: Int32 = -1
    var keepsAll = false
    /// With `keepsAll`: how many matches to keep, the best by rank, then trial order.
    var keepLimit = Int.max
    var best: Found?
    var all: [TemplateMatch] = []

    init(program: CompiledProgram, frozen: FrozenProgram, lists: [CompiledList?]) {
        self.program = program
        nodes = frozen.nodes
        children = frozen.children
        chunks = frozen.chunks
        listRefs = frozen.listRefs
        firstMasks = frozen.firstMasks
        self.frozen = frozen
        chunkScalars = frozen.chunkScalars
        self.lists = lists
    }

    @inline(__always) func ch(_ i: Int, _ broken: Bool) -> UInt32 {
        let c = folded[i]
        return broken && (c == 0x2D || c == 0x5F) ? 0x20 : c
    }

    /// The open wildcard on top of the entities, if any (read field by field: copying an
    /// entity would retain its value). Inlined, as are the other non-mutating reads called from
    /// the walk: a call from a mutating method copies the whole engine (840 bytes) to pass it.
    @inline(__always) var openWildcard: Int? {
        let n = entities.count
        guard n > 0, entities[n - 1].isWildcard, entities[n - 1].isOpen else { return nil }
        return n - 1
    }

    /// Matches a template from the start of the text, calling `onMatch` for every way through.
    mutating func matchTemplate(_ root: Int32) {
        frames.removeAll()
        visited.removeAll()
        deadEnds.removeAll()
        kept.removeAll()
        frames.push((.done, 1, 1))
        match(root, State(pos: 0, broken: false, sow: true, chunks: 0), 0)
    }

    @inline(__always) mutating func push(_ f: Frame) -> Int32 {
        frames.push((f, 0, 0))
        return Int32(frames.count - 1)
    }

    /// Frame `k`'s `chain`, worked out on first use (most templates are walked in fewer steps
    /// than it takes to need one) from what the frame does and its parent's chain.
    mutating func chain(_ k: Int32) -> UInt64 {
        let known = frames[Int(k)].chain
        if known != 0 { return known }
        var h = Fingerprint()
        switch frames[Int(k)].frame {
        case .done: return 1
        case .sequence(let first, let count, let next, let parent):
            h.add(1 << 62 | UInt64(UInt32(bitPattern: first)) << 32 | UInt64(UInt32(bitPattern: next)))
            h.add(UInt64(UInt32(bitPattern: count)))
            h.add(chain(parent))
        case .permutation(let first, let count, let left, let parent):
            h.add(2 << 62 | UInt64(UInt32(bitPattern: first)) << 32 | UInt64(UInt32(bitPattern: count)))
            h.add(left)
            h.add(chain(parent))
        case .value(let i):
            // What a value does with the text once matched: go on from its reference's word start
            // and literal count (`valueMatched`).
            let m = valueMatches[Int(i)]
            h.add(3 << 62 | (m.start.sow ? 1 << 32 : 0) | UInt64(UInt32(bitPattern: m.start.chunks)))
            h.add(chain(m.parent))
        case .collect(let w):
            // Each remembered expression's walk ends in a frame of its own.
            h.add(0xC011_EC7)
            h.add(memo.walks[Int(w)].key)
        }
        let value = h.value | 1
        frames[Int(k)].chain = value
        return value
    }

    /// Frame `k`'s `exact` fingerprint: its `chain`, and for every list value on the way down,
    /// what `valueMatched` adds to the match besides (where the value starts, the slot, list,
    /// value and wildcard it closes). Two ways that resume frames with equal `exact`
    /// fingerprints in the same state find the same matches.
    mutating func exact(_ k: Int32) -> UInt64 {
        let known = frames[Int(k)].exact
        if known != 0 { return known }
        var h = Fingerprint()
        h.add(chain(k))
        switch frames[Int(k)].frame {
        case .done: return 1
        case .collect: return chain(k)
        case .sequence(_, _, _, let parent), .permutation(_, _, _, let parent):
            h.add(exact(parent))
        case .value(let i):
            let m = valueMatches[Int(i)]
            h.add(UInt64(m.start.pos) << 32 | UInt64(UInt32(bitPattern: m.value)))
            h.add(UInt64(UInt32(bitPattern: m.ref.slot)) << 32 | UInt64(UInt32(bitPattern: m.listCode)))
            h.add(UInt64(bitPattern: Int64(m.wildcard)) << 1 | (m.ref.isCapture ? 1 : 0))
            h.add(exact(m.parent))
        }
        let value = h.value | 1
        frames[Int(k)].exact = value
        return value
    }

    mutating func pop() {
        frames.pop()
    }

    /// Steps into a template before states are fingerprinted: repeating a state is harmless
    /// (it finds matches already found), only costly when it happens exponentially often.
    static let stepsBeforeFingerprints = 48

    /// Whether the same continuation was already resumed in the same state (a frame with the
    /// same `exact` fingerprint, pushed on this way or another; the same text position, flags,
    /// literal count, slots and context): then it can only repeat matches that were already
    /// found, which neither `best` nor `all` needs (`keptNew`). Ambiguous templates (a chain of
    /// optionals that can each match nothing, `<digit>[<digit>][<digit>]` on "2000") otherwise
    /// repeat work exponentially. States are compared by a 64-bit fingerprint.
    mutating func seenBefore(_ k: Int32, _ s: State) -> Bool {
        // A template walked in few steps cannot have repeated much: fingerprinting starts later.
        if steps < Self.stepsBeforeFingerprints { return false }
        var h = Fingerprint()
        h.add(exact(k))
        h.add(UInt64(s.pos) << 2 | (s.broken ? 2 : 0) | (s.sow ? 1 : 0))
        h.add(UInt64(UInt32(bitPattern: s.chunks)) << 32 | UInt64(contextValues.count))
        Self.add(entities, to: &h)
        for c in contextValues { h.add(UInt64(UInt32(bitPattern: c.list)) << 32 | UInt64(UInt32(bitPattern: c.value))) }
        if visited.insert(h.value) { return false }
        cutsUnknown += 1
        return true
    }

    /// Resumes frame `k` at `s` unless the same continuation (`chain`) was resumed before at the
    /// same place in the text (position, flags, open wildcard) and reached the template's end no
    /// way, with no more wildcards and no fewer literal code points than now: every way from
    /// here is then one of those, or is cut by the rank bound at least as soon (see `DeadEnds`).
    @inline(__always) mutating func resumeUnlessDead(_ k: Int32, _ s: State, _ body: (inout MatchEngine) -> Void) {
        if steps < Self.stepsBeforeFingerprints { return body(&self) }
        var h = Fingerprint()
        h.add(chain(k))
        var open: UInt64 = 0
        if let e = entities.last, e.isWildcard, e.isOpen { open = e.endOfWord ? 3 : 2 }
        h.add(UInt64(s.pos) << 4 | open << 2 | (s.broken ? 2 : 0) | (s.sow ? 1 : 0))
        if deadEnds.isDead(h.value, wildcards: Int32(wildcardCount), literal: s.chunks) { return }
        let ends = endsReached, unknown = cutsUnknown
        body(&self)
        if endsReached == ends && cutsUnknown == unknown {
            deadEnds.record(h.value, wildcards: Int32(wildcardCount), literal: s.chunks)
        }
    }

    /// Adds what tells entities apart (slot, value, range, list, flags, number) to `h`.
    static func add(_ entities: [Entity], to h: inout Fingerprint) {
        for e in entities {
            h.add(UInt64(UInt32(bitPattern: e.slot)) << 32 | UInt64(UInt32(bitPattern: e.value)))
            h.add(UInt64(e.start) << 32 | UInt64(e.end))
            h.add(UInt64(UInt32(bitPattern: e.list)) << 2 | (e.isOpen ? 2 : 0) | (e.isBroken ? 1 : 0))
            h.add(e.number.bitPattern)
        }
    }

    /// Whether `m` is not a way through found before in this template walk: the same slots,
    /// values, ranges and context reached again another way (two optionals that may each take
    /// the same word) would only crowd out other matches kept, and its result is not built again.
    mutating func keptNew(_ m: Found) -> Bool {
        var h = Fingerprint()
        h.add(UInt64(UInt32(truncatingIfNeeded: m.rank.literal)) << 32 | UInt64(m.contextValues.count))
        Self.add(m.entities, to: &h)
        for c in m.contextValues { h.add(UInt64(UInt32(bitPattern: c.list)) << 32 | UInt64(UInt32(bitPattern: c.value))) }
        return kept.insert(h.value)
    }

    /// The rank a new match must beat to be kept; nil while any match is kept.
    @inline(__always) var rankToBeat: TemplateMatch.Rank? {
        guard keepsAll else { return best?.rank }
        return all.count >= keepLimit ? all.last?.rank : nil
    }

    /// Adds `m` to `all`; with a `keepLimit`, `all` stays sorted (equal ranks in trial order)
    /// and holds the best `keepLimit` matches, as sorting every match and keeping the first would.
    mutating func keep(_ m: TemplateMatch) {
        guard keepLimit < Int.max else { return all.append(m) }
        if all.count >= keepLimit {
            guard let last = all.last, m.rank < last.rank else { return }
            all.removeLast()
        }
        var i = all.count
        while i > 0 && m.rank < all[i - 1].rank { i -= 1 }
        all.insert(m, at: i)
        if all.count >= keepLimit && bestSlotID < 0, let last = all.last {
            bound = (last.rank.wildcards, last.rank.literal)
        }
    }

    /// With `keepsAll`, a `keepLimit` reached and no best slot (then ranks are wildcards, then
    /// literal code points, then the rest): the wildcards and literal count of the last match
    /// kept. A way through that already has more wildcards, or can no longer match as many
    /// literal code points, cannot be kept, so it is not followed (`cannotBeat`).
    var bound: (wildcards: Int, literal: Int)?
    /// Wildcards among `entities`.
    var wildcardCount = 0

    /// Whether every match reached from `s` ranks below the last one kept: wildcards are only
    /// ever added, and each literal code point still to match takes a code point of the text
    /// (the count inside a list value is even higher than the one the value hands on).
    @inline(__always) func cannotBeat(_ s: State, _ b: (wildcards: Int, literal: Int)) -> Bool {
        wildcardCount > b.wildcards
            || (wildcardCount == b.wildcards && Int(s.chunks) + (folded.count - s.pos) < b.literal)
    }

    /// Continues with frame `k` after something matched up to `s`.
    mutating func resume(_ k: Int32, _ s: State) {
        switch frames[Int(k)].frame {
        case .done:
            guard let m = finish(s) else { return }
            if keepsAll {
                if !keptNew(m) { return }
                keep(build(m))
            } else if best == nil || m.rank < best!.rank { best = m }
        case .sequence(let first, let count, let next, let parent):
            if seenBefore(k, s) { return }
            resumeUnlessDead(k, s) { $0.matchSequence(first, count, next, s, parent) }
        case .permutation(let first, let count, let left, let parent):
            if seenBefore(k, s) { return }
            resumeUnlessDead(k, s) { $0.matchPermutation(first, count, left, s, parent) }
        case .value(let i):
            valueMatched(valueMatches[Int(i)], s)
        case .collect(let w):
            collect(w, s)
        }
    }

    mutating func match(_ node: Int32, _ s: State, _ k: Int32) {
        steps += 1
        if steps > stepLimit { exhausted = true; cutsUnknown += 1; return }
        if let b = bound, cannotBeat(s, b) { return }
        let mask = firstMasks[Int(node)]
        if mask != ~0 && mask & reachBits(s) == 0 { return }
        if frozen.memoNode[Int(node)] != 0 && memoizable(s) { return memoized(.node(node), s, k) }
        walk(node, s, k)
    }

    /// Matches `node` at `s` (`match` has judged that it may).
    mutating func walk(_ node: Int32, _ s: State, _ k: Int32) {
        let n = nodes[Int(node)]
        switch n.kind {
        case .text:
            matchChunk(chunks[Int(n.a)], chunkScalars, s, k)
        case .sequence:
            matchSequence(n.a, n.b, 0, s, k)
        case .alternative:
            // Items that cannot start with the next code point are passed over without a call
            // each: in an alternative of many (`FrozenProgram.dispatchBase`), only those that can
            // are looked at; in a shorter one, the others are counted as steps and skipped.
            let here = startBit(s)
            if let here, here != 0, case let base = frozen.dispatchBase[Int(node)], base >= 0 {
                let j = Int(base) + here.trailingZeroBitCount
                for q in Int(frozen.bucketStarts[j])..<Int(frozen.bucketStarts[j + 1]) {
                    match(children[Int(n.a + frozen.bucketItems[q])], s, k)
                }
                return
            }
            let reach = here ?? reachBits(s)
            for i in 0..<n.b {
                let child = children[Int(n.a + i)]
                let m = firstMasks[Int(child)]
                if m != ~0, m & reach == 0 {
                    steps += 1
                    if steps > stepLimit { exhausted = true; cutsUnknown += 1; return }
                    continue
                }
                match(child, s, k)
            }
        case .permutation:
            matchPermutation(n.a, n.b, n.b >= 64 ? ~0 : (1 << UInt64(n.b)) - 1, s, k)
        case .list:
            matchList(listRefs[Int(n.a)], s, k)
        }
    }

    /// The `TemplateIndex.firstBit`s of the code points a node may start with at `s` (a node
    /// whose first code points share none cannot match there): the next code point's, or while
    /// a wildcard is open (the node may match further on) those of the rest of the text; all
    /// before `-` and `_` (read as spaces).
    @inline(__always) mutating func reachBits(_ s: State) -> UInt64 {
        if let e = entities.last, e.isWildcard, e.isOpen {
            if !laterBitsBuilt {
                Self.laterBitsTable(folded, into: &laterBits)
                laterBitsBuilt = true
            }
            return laterBits[s.pos]
        }
        return startBit(s) ?? ~0
    }

    /// The `firstBit` of the code point a node starts with at `s` (0 at the end of the text), or
    /// nil when any node may start there: a wildcard is open, or `-` or `_` is next.
    @inline(__always) func startBit(_ s: State) -> UInt64? {
        if let e = entities.last, e.isWildcard, e.isOpen { return nil }
        let q = skipSpaces(s.pos, s.broken)
        guard q < folded.count else { return 0 }
        let c = folded[q]
        return c == 0x2D || c == 0x5F ? nil : TemplateIndex.firstBit(c)
    }

    mutating func matchSequence(_ first: Int32, _ count: Int32, _ i: Int32, _ s: State, _ k: Int32) {
        if i == count { return resume(k, s) }
        if i + 1 == count { return match(children[Int(first + i)], s, k) }
        if frozen.memoSuffix[Int(first + i)] != 0 && memoizable(s) {
            return memoized(.rest(first: first, count: count, next: i), s, k)
        }
        sequenceStep(first, count, i, s, k)
    }

    /// Matches item `i` of a sequence (not its last), then the rest.
    mutating func sequenceStep(_ first: Int32, _ count: Int32, _ i: Int32, _ s: State, _ k: Int32) {
        let f = push(.sequence(first: first, count: count, next: i + 1, parent: k))
        match(children[Int(first + i)], s, f)
        pop()
    }

    /// hassil's permutation: each item first, then the permutations of the others.
    mutating func matchPermutation(_ first: Int32, _ count: Int32, _ left: UInt64, _ s: State, _ k: Int32) {
        if left == 0 { return resume(k, s) }
        if left.nonzeroBitCount == 1 {
            return match(children[Int(first) + left.trailingZeroBitCount], s, k)
        }
        for i in 0..<Int(count) where left & (1 << UInt64(i)) != 0 {
            let f = push(.permutation(first: first, count: count, left: left & ~(1 << UInt64(i)), parent: k))
            match(children[Int(first) + i], s, f)
            pop()
        }
    }

    /// The end of `pool[from..<to]` matched at `at`, or nil.
    @inline(__always)
    func prefix(_ pool: UnsafeBufferPointer<UInt32>, _ from: Int, _ to: Int, at: Int, broken: Bool) -> Int? {
        let len = to - from
        guard at + len <= folded.count else { return nil }
        var j = 0
        while j < len {
            if ch(at + j, broken) != pool[from + j] { return nil }
            j += 1
        }
        return at + len
    }

    @inline(__always) func isWordAt(_ i: Int, _ broken: Bool) -> Bool { MatchText.isWord(ch(i, broken)) }

    /// hassil's `match_first`: the first position at or after `start` where the chunk matches,
    /// at a word boundary when asked (the text is read as if it began at `start`).
    ///
    /// Positions are passed over on their first code point before anything else is looked at:
    /// closing a wildcard scans the rest of the text for every chunk that may follow it.
    ///
    /// Remembered per text for the template's chunks (`firstFound`): the same chunk is looked
    /// for from the same place on many ways through.
    mutating func matchFirst(_ pool: UnsafeBufferPointer<UInt32>, _ from: Int, _ to: Int, start: Int, boundary: Bool,
                             broken: Bool) -> Int {
        // Only the template's own chunks (list values' chunks are in pools of their own).
        guard pool.baseAddress == chunkScalars.baseAddress, from < 1 << 30, to - from < 1 << 16, start < 1 << 16 else {
            return scanFirst(pool, from, to, start: start, boundary: boundary, broken: broken)
        }
        // A chunk that does not occur after `start` at all is not looked for there: while a
        // wildcard is open, most chunks tried are words the utterance does not have.
        if !broken, to > from, start > lastOccurrence(pool, from, to) { return -1 }
        let key = UInt64(from) << 34 | UInt64(to - from) << 18 | UInt64(start) << 2 | (boundary ? 2 : 0) | (broken ? 1 : 0)
        if let q = firstFound[key] { return Int(Int64(bitPattern: q)) }
        let q = scanFirst(pool, from, to, start: start, boundary: boundary, broken: broken)
        firstFound.insert(key, UInt64(bitPattern: Int64(q)))
        return q
    }

    /// Where the template chunk `pool[from..<to]` last starts in the loaded text read as it is
    /// (-1: nowhere); found once per chunk and text, by a scan from the end.
    mutating func lastOccurrence(_ pool: UnsafeBufferPointer<UInt32>, _ from: Int, _ to: Int) -> Int {
        let len = to - from
        // Made at the first look-up: most short texts close no wildcard on a chunk.
        if lastPlaces.count != chunkScalars.count { lastPlaces = [LastPlace](repeating: LastPlace(), count: chunkScalars.count) }
        let known = lastPlaces[from]
        if known.stamp == textGeneration && Int(known.length) == len { return Int(known.at) }
        let first = pool[from]
        var q = folded.count - len
        while q >= 0 {
            if folded[q] == first && prefix(pool, from, to, at: q, broken: false) != nil { break }
            q -= 1
        }
        q = max(q, -1)
        lastPlaces[from] = LastPlace(at: Int32(q), length: UInt16(len), stamp: textGeneration)
        return q
    }

    private func scanFirst(_ pool: UnsafeBufferPointer<UInt32>, _ from: Int, _ to: Int, start: Int, boundary: Bool,
                           broken: Bool) -> Int {
        let len = to - from
        var q = start
        guard len > 0 else {
            while q < folded.count {
                if boundary {
                    let prevWord = q > start && isWordAt(q - 1, broken)
                    if prevWord == isWordAt(q, broken) { q += 1; continue }
                }
                return q
            }
            return -1
        }
        let first = pool[from], last = folded.count - len
        while q <= last {
            if ch(q, broken) == first {
                if boundary {
                    let prevWord = q > start && isWordAt(q - 1, broken)
                    if prevWord == isWordAt(q, broken) { q += 1; continue }
                }
                if prefix(pool, from, to, at: q, broken: broken) != nil { return q }
            }
            q += 1
        }
        return -1
    }

    @inline(__always) func skipSpaces(_ p: Int, _ broken: Bool) -> Int {
        guard p < folded.count else { return p }
        return Int(broken ? nextNonSpaceBroken[p] : nextNonSpace[p])
    }

    /// One literal chunk (hassil's `TextChunk` branch), wildcard closing included.
    ///
    /// - Complexity: O(m) for a chunk of m code points; O(n · m) when it closes a wildcard.
    mutating func matchChunk(_ c: CompiledProgram.Chunk, _ pool: UnsafeBufferPointer<UInt32>, _ s: State, _ k: Int32) {
        if c.isEmpty { return resume(k, s) }
        var from = Int(ignoresWhitespace ? c.cjkStart : c.start)
        let to = from + Int(ignoresWhitespace ? c.cjkCount : c.count)
        var start = s.pos
        if !ignoresWhitespace && s.sow {
            from += Int(c.firstNonSpace)
            start = skipSpaces(s.pos, s.broken)
        }
        let chunkBlank = ignoresWhitespace ? c.isBlankCJK : c.isBlank
        if let w = openWildcard {
            if chunkBlank { return resume(k, State(pos: start, broken: s.broken, sow: true, chunks: s.chunks)) }
            let boundary = ignoresWhitespace ? false : entities[w].endOfWord
            var q = matchFirst(pool, from, to, start: start, boundary: boundary, broken: s.broken)
            if q < 0 { return }
            if q == start {
                q = matchFirst(pool, from, to, start: start + 1, boundary: boundary, broken: s.broken)
                if q < 0 { return }
            }
            let saved = entities[w]
            while q > start {
                entities[w].isOpen = false
                entities[w].start = start
                entities[w].end = q
                entities[w].isBroken = s.broken
                matchChunk(c, pool, State(pos: q, broken: s.broken, sow: true, chunks: s.chunks), k)
                entities[w] = saved
                q = matchFirst(pool, from, to, start: q + 1, boundary: false, broken: s.broken)
                if q < 0 { break }
            }
            return
        }
        let stripped = ignoresWhitespace ? c.strippedCountCJK : c.strippedCount
        if let end = prefix(pool, from, to, at: start, broken: s.broken) {
            return resume(k, State(pos: end, broken: s.broken, sow: c.endsWord, chunks: s.chunks + stripped))
        }
        let restBlank = skipSpaces(start, s.broken) == folded.count
        if restBlank && chunkBlank && from < to { return resume(k, s) }
        if !s.broken, lastHyphen >= start,
           let end = prefix(pool, from, to, at: start, broken: true) {
            resume(k, State(pos: end, broken: true, sow: s.sow, chunks: s.chunks))
        }
    }
}

/// A 64-bit fingerprint of a matching state, mixed a word at a time (states are compared by
/// fingerprint only, as a hash set of them would).
struct Fingerprint {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always) mutating func add(_ x: UInt64) {
        value = (value ^ x) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }
}

/// Fingerprints, each with a word of data, in one open-addressing table; emptied in O(1) by
/// moving to a new generation, so clearing it for every template costs nothing. Key, data and
/// generation of a slot sit side by side: one array, written once per insert.
struct FingerprintTable {
    private struct Entry {
        var key: UInt64 = 0
        var data: UInt64 = 0
        var stamp: UInt32 = 0
    }

    private var entries = [Entry](repeating: Entry(), count: 64)
    private var generation: UInt32 = 1
    private var count = 0

    mutating func removeAll() {
        count = 0
        generation &+= 1
        if generation == 0 {
            entries = [Entry](repeating: Entry(), count: entries.count)
            generation = 1
        }
    }

    /// Where `key` is, or the free slot where it would go.
    @inline(__always) private func find(_ key: UInt64) -> (slot: Int, found: Bool) {
        let mask = entries.count - 1
        var i = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while entries[i].stamp == generation {
            if entries[i].key == key { return (i, true) }
            i = (i + 1) & mask
        }
        return (i, false)
    }

    subscript(key: UInt64) -> UInt64? {
        let (i, found) = find(key)
        return found ? entries[i].data : nil
    }

    /// Sets `key`'s data (`replacing` what it had); false when `key` was already there.
    @discardableResult
    mutating func insert(_ key: UInt64, _ value: UInt64 = 0, replacing: Bool = false) -> Bool {
        if (count + 1) * 2 > entries.count { grow() }
        let (i, found) = find(key)
        if found {
            if replacing { entries[i].data = value }
            return false
        }
        entries[i] = Entry(key: key, data: value, stamp: generation)
        count += 1
        return true
    }

    private mutating func grow() {
        let old = entries.filter { $0.stamp == generation }
        entries = [Entry](repeating: Entry(), count: entries.count * 2)
        generation = 1
        count = 0
        for e in old { insert(e.key, e.data) }
    }
}

/// A set of fingerprints (`FingerprintTable` without data).
struct FingerprintSet {
    private var table = FingerprintTable()

    mutating func removeAll() { table.removeAll() }

    /// Adds `key`; false when it was already there.
    mutating func insert(_ key: UInt64) -> Bool { table.insert(key) }
}

/// Continuations known to lead nowhere, by a fingerprint of the continuation and the place in
/// the text, each with the wildcards and literal code points matched when it was found so.
///
/// Whether a way through reaches the template's end depends on the text only; the rank bound
/// (`MatchEngine.cannotBeat`) cuts ways by their wildcards and literal count, and only ever
/// tightens. So the same continuation resumed later with as many wildcards or more and as many
/// literal code points or fewer leads nowhere either: each of its ways adds what it added before
/// and is cut at least as soon. Emptied in O(1) per template.
struct DeadEnds {
    private var table = FingerprintTable()

    mutating func removeAll() { table.removeAll() }

    func isDead(_ key: UInt64, wildcards: Int32, literal: Int32) -> Bool {
        guard let mark = table[key] else { return false }
        return wildcards >= Int32(truncatingIfNeeded: mark >> 32) && literal <= Int32(truncatingIfNeeded: mark)
    }

    /// Records `key` as leading nowhere from `wildcards` and `literal` (replacing what was known).
    mutating func record(_ key: UInt64, wildcards: Int32, literal: Int32) {
        table.insert(key, UInt64(UInt32(bitPattern: wildcards)) << 32 | UInt64(UInt32(bitPattern: literal)), replacing: true)
    }
}

extension Array {
    /// Removes every element and keeps the storage: for the engine's stacks, which are almost
    /// always empty or nearly so here, cheaper than `removeAll(keepingCapacity:)`.
    @inline(__always) mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
