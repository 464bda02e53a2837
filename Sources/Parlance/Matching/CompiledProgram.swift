/// The compiled, immutable form of a grammar that the matcher walks: expression nodes in flat
/// arrays (no template is ever expanded into its sentences), literal chunks pre-folded, rules
/// shared by reference, lists compiled into tries.
struct CompiledProgram: Sendable {
    enum Kind: UInt8, Sendable { case text, sequence, alternative, permutation, list }

    /// One expression node. `a`/`b`: chunk index (text); first child and count (groups);
    /// list reference index (list).
    struct Node: Sendable {
        var kind: Kind
        var a: Int32
        var b: Int32
    }

    /// A literal chunk as hassil keeps it ("turn ", " light", ""): plain data pointing into a
    /// `ChunkPool`'s code points, so matching one retains nothing.
    struct Chunk: Sendable {
        /// Folded code points: `pool[start..<start + count]`.
        var start: Int32
        var count: Int32
        /// The same with spaces between CJK characters removed (`ignore_whitespace`).
        var cjkStart: Int32
        var cjkCount: Int32
        /// Offset of the first non-space code point (the chunk with leading spaces stripped).
        var firstNonSpace: Int32
        /// Length of the chunk without leading and trailing spaces (hassil's literal score).
        var strippedCount: Int32
        var strippedCountCJK: Int32
        /// Ends with a space or an apostrophe: the next chunk starts a word.
        var endsWord: Bool
        /// All spaces (without or with CJK spaces removed).
        var isBlank: Bool
        var isBlankCJK: Bool
        var isEmpty: Bool { count == 0 }
    }

    struct ListRef: Sendable {
        var listName: Int32
        var slot: Int32
        var isCapture: Bool
        var isEndOfWord: Bool
        /// A list local to the template's block, else -1 (resolved at match time).
        var local: Int32
        /// For `{1..10:x}` without a list of that name: its compiled range list.
        var inline: Int32
    }

    enum Shape: Int, Sendable {
        /// Matched against the text without skip words.
        case plain
        /// Only a wildcard: matched against the text with skip words, as said.
        case wholeWildcard
        /// Starts with a wildcard: skip words removed at the end only.
        case leadingWildcard
        /// Ends with a wildcard: skip words removed at the start only.
        case trailingWildcard
        static let count = 4
    }

    struct CompiledTemplate: Sendable {
        var root: Int32
        var block: Int32
        var shape: Shape
        /// Required literal fragments in conjunctive normal form (fragment ids).
        var clauses: [[Int32]]
        var source: Template
    }

    struct Block: Sendable {
        var intent: Int32
        var data: IntentBlock
        /// The block's context conditions as an index into `contextGroups` (-1: none).
        var contextGroup: Int32 = -1
    }

    /// A distinct pair of `requires_context` and `excludes_context` that blocks put on list values.
    struct ContextGroup: Hashable, Sendable {
        var requires: [String: JSONValue]
        var excludes: [String: JSONValue]

        /// Whether a list value with context `vc` may match in a block of this group.
        func admits(_ vc: [String: JSONValue]) -> Bool {
            ContextRules.satisfiesRequired(requires, vc, allowMissing: true) && ContextRules.satisfiesExcluded(excludes, vc)
        }
    }

    var nodes: [Node] = []
    var children: [Int32] = []
    var chunks = ChunkPool()
    var listRefs: [ListRef] = []
    /// Grammar lists (by list name id) and block-local lists.
    var lists: [CompiledList] = []
    /// The grammar's list for each list name id, or -1.
    var grammarList: [Int32] = []
    var listNames: [String] = []
    var listNameIDs: [String: Int32] = [:]
    var slotNames: [String] = []
    var slotNameIDs: [String: Int32] = [:]
    var intentNames: [String] = []
    var blocks: [Block] = []
    var contextGroups: [ContextGroup] = []
    /// Per context group, its conditions unwrapped once (`ContextRules.satisfies`).
    var groupRequired: [[ContextRules.Condition]] = []
    var groupExcluded: [[ContextRules.Condition]] = []
    /// Per block, what matching reads for every way through a template, in flat arrays so that
    /// reading it copies no block: its intent, context group (-1: none), whether it has
    /// `requires_context` (and its conditions, read once) and `excludes_context`, and its fixed
    /// slots (slot ids).
    var blockIntent: [Int32] = []
    var blockGroup: [Int32] = []
    var blockRequires: [Bool] = []
    var blockRequirements: [[ContextRules.Requirement]] = []
    var blockExcludes: [Bool] = []
    var blockFixedSlots: [[Int32]] = []
    /// Per block, the fixed slots' values, in the order of `blockFixedSlots`.
    var blockFixedValues: [[JSONValue]] = []
    /// In hassil's order of trial: intents, blocks, templates (wildcard templates with more
    /// literal chunks first).
    var templates: [CompiledTemplate] = []

    mutating func listID(_ name: String) -> Int32 {
        if let i = listNameIDs[name] { return i }
        listNames.append(name)
        grammarList.append(-1)
        listNameIDs[name] = Int32(listNames.count - 1)
        return Int32(listNames.count - 1)
    }

    /// Numbers the distinct context conditions of the blocks, and judges the grammar's list values
    /// against each once, so matching a value checks a flag instead of comparing dictionaries.
    mutating func groupContexts() {
        var ids: [ContextGroup: Int32] = [:]
        for b in blocks.indices {
            let d = blocks[b].data
            blockIntent.append(blocks[b].intent)
            blockRequires.append(!d.requiresContext.isEmpty)
            blockRequirements.append(ContextRules.requirements(d.requiresContext))
            blockExcludes.append(!d.excludesContext.isEmpty)
            let fixed = d.slots.sorted { $0.key < $1.key }
            blockFixedSlots.append(fixed.map { slotID($0.key) })
            blockFixedValues.append(fixed.map(\.value))
            blockGroup.append(-1)
            guard !d.requiresContext.isEmpty || !d.excludesContext.isEmpty else { continue }
            let g = ContextGroup(requires: d.requiresContext, excludes: d.excludesContext)
            if ids[g] == nil {
                ids[g] = Int32(contextGroups.count)
                contextGroups.append(g)
                groupRequired.append(ContextRules.conditions(g.requires))
                groupExcluded.append(ContextRules.conditions(g.excludes))
            }
            blocks[b].contextGroup = ids[g]!
            blockGroup[b] = ids[g]!
        }
        for l in lists { l.judgeContexts(contextGroups) }
    }

    mutating func slotID(_ name: String) -> Int32 {
        if let i = slotNameIDs[name] { return i }
        slotNames.append(name)
        slotNameIDs[name] = Int32(slotNames.count - 1)
        return Int32(slotNames.count - 1)
    }

}

/// Literal chunks and the folded code points they point into.
struct ChunkPool: Sendable {
    var scalars: [UInt32] = []
    var chunks: [CompiledProgram.Chunk] = []

    var count: Int { chunks.count }
    subscript(_ i: Int) -> CompiledProgram.Chunk { chunks[i] }

    func folded(_ c: CompiledProgram.Chunk) -> ArraySlice<UInt32> { scalars[Int(c.start)..<Int(c.start + c.count)] }
    func foldedCJK(_ c: CompiledProgram.Chunk) -> ArraySlice<UInt32> {
        scalars[Int(c.cjkStart)..<Int(c.cjkStart + c.cjkCount)]
    }

    /// Adds chunk `c` of `other`, already folded, to this pool.
    mutating func add(_ c: CompiledProgram.Chunk, from other: ChunkPool) -> Int32 {
        var copy = c
        copy.start = Int32(scalars.count)
        scalars.append(contentsOf: other.folded(c))
        copy.cjkStart = Int32(scalars.count)
        scalars.append(contentsOf: other.foldedCJK(c))
        chunks.append(copy)
        return Int32(chunks.count - 1)
    }

    mutating func add(_ text: String, fold: ScalarFold) -> Int32 {
        let f = fold.fold(text)
        var cjk = MatchText(scalars: f, offsets: [Int32](repeating: 0, count: f.count), sourceLength: 0)
        cjk.removeCJKSpaces()
        func strippedCount(_ s: [UInt32]) -> Int32 {
            Int32(s.drop(while: { MatchText.isSpace($0) }).reversed().drop(while: { MatchText.isSpace($0) }).count)
        }
        let start = Int32(scalars.count)
        scalars.append(contentsOf: f)
        let cjkStart = Int32(scalars.count)
        scalars.append(contentsOf: cjk.scalars)
        chunks.append(CompiledProgram.Chunk(
            start: start, count: Int32(f.count), cjkStart: cjkStart, cjkCount: Int32(cjk.scalars.count),
            firstNonSpace: Int32(f.firstIndex(where: { !MatchText.isSpace($0) }) ?? f.count),
            strippedCount: strippedCount(f), strippedCountCJK: strippedCount(cjk.scalars),
            endsWord: text.hasSuffix(" ") || text.hasSuffix("'"),
            isBlank: f.allSatisfy { MatchText.isSpace($0) }, isBlankCJK: cjk.scalars.allSatisfy { MatchText.isSpace($0) }))
        return Int32(chunks.count - 1)
    }
}

/// The program's hot arrays copied once into memory that the matcher reads through plain
/// pointers, so walking nodes costs no reference counting. Owned by the `TemplateMatcher`, which
/// outlives every look-up that reads it.
final class FrozenProgram: @unchecked Sendable {
    let nodes: UnsafeBufferPointer<CompiledProgram.Node>
    let children: UnsafeBufferPointer<Int32>
    let chunks: UnsafeBufferPointer<CompiledProgram.Chunk>
    let chunkScalars: UnsafeBufferPointer<UInt32>
    let listRefs: UnsafeBufferPointer<CompiledProgram.ListRef>
    /// Per node, the code points it can start with (`TemplateIndex.firstMasks`).
    let firstMasks: UnsafeBufferPointer<UInt64>
    /// Alternatives of many items, by first code point: for such a node, `dispatchBase[node]`
    /// (else -1) is where its 64 buckets start in `bucketStarts`; bucket `j` lists, in order, the
    /// positions of the items that can start with a code point of `firstBit` `1 << j` (or with
    /// any), as `bucketItems[bucketStarts[base + j]..<bucketStarts[base + j + 1]]`.
    let dispatchBase: UnsafeBufferPointer<Int32>
    let bucketStarts: UnsafeBufferPointer<Int32>
    let bucketItems: UnsafeBufferPointer<Int32>

    /// Alternatives with fewer items are walked item by item (a mask test each).
    static let dispatchedAlternative = 8

    /// Per node, 1 when what it matches is remembered per text (`MatchEngine.memoized`): it
    /// reads no list, so where it ends depends on the text alone, and it has at least
    /// `memoizedSize` nodes. Per item of a sequence after its first, 1 when the rest of the
    /// sequence from there (two items or more) is such.
    let memoNode: UnsafeBufferPointer<UInt8>
    let memoSuffix: UnsafeBufferPointer<UInt8>
    /// Smaller expressions are walked again: remembering costs more than a few steps.
    static let memoizedSize = 24

    /// Owns the buffers above.
    private let arena: BufferArena

    init(_ p: CompiledProgram, firstMasks masks: [UInt64]) {
        let arena = BufferArena()
        self.arena = arena
        func copy<T: BitwiseCopyable>(_ a: [T]) -> UnsafeBufferPointer<T> { arena.copy(a) }
        nodes = copy(p.nodes)
        children = copy(p.children)
        chunks = copy(p.chunks.chunks)
        chunkScalars = copy(p.chunks.scalars)
        listRefs = copy(p.listRefs)
        firstMasks = copy(masks)
        var base = [Int32](repeating: -1, count: p.nodes.count), starts: [Int32] = [], items: [Int32] = []
        for (i, n) in p.nodes.enumerated() where n.kind == .alternative && n.b >= Self.dispatchedAlternative {
            // Items that may start with anything are in every bucket: with many, buckets save nothing.
            let anywhere = (0..<n.b).filter { masks[Int(p.children[Int(n.a + $0)])] == ~0 }.count
            if anywhere * 4 > Int(n.b) { continue }
            base[i] = Int32(starts.count)
            for j in 0..<64 {
                starts.append(Int32(items.count))
                let bit: UInt64 = 1 << UInt64(j)
                for k in 0..<n.b where masks[Int(p.children[Int(n.a + k)])] & bit != 0 { items.append(k) }
            }
        }
        starts.append(Int32(items.count))
        dispatchBase = copy(base)
        bucketStarts = copy(starts)
        bucketItems = copy(items)
        let (node, suffix) = Self.memoized(p)
        memoNode = copy(node)
        memoSuffix = copy(suffix)
    }

    /// `memoNode` and `memoSuffix` for `p`: each node's size (nodes under it, counted again
    /// where a rule is used twice) and whether it reads no list, worked out children first.
    static func memoized(_ p: CompiledProgram) -> (node: [UInt8], suffix: [UInt8]) {
        var size = [Int](repeating: -1, count: p.nodes.count)
        var pure = [Bool](repeating: true, count: p.nodes.count)
        func visit(_ i: Int) {
            guard size[i] < 0 else { return }
            let n = p.nodes[i]
            var total = 1, clean = n.kind != .list
            if n.kind == .sequence || n.kind == .alternative || n.kind == .permutation {
                for c in 0..<Int(n.b) {
                    let child = Int(p.children[Int(n.a) + c])
                    visit(child)
                    total = min(total + size[child], 1 << 30)
                    clean = clean && pure[child]
                }
            }
            size[i] = total
            pure[i] = clean
        }
        for i in p.nodes.indices { visit(i) }
        let node = p.nodes.indices.map { UInt8(pure[$0] && size[$0] >= memoizedSize ? 1 : 0) }
        var suffix = [UInt8](repeating: 0, count: p.children.count)
        for n in p.nodes where n.kind == .sequence && n.b > 2 {
            var total = 0, clean = true
            for c in stride(from: Int(n.b) - 1, through: 1, by: -1) {
                let child = Int(p.children[Int(n.a) + c])
                total = min(total + size[child], 1 << 30)
                clean = clean && pure[child]
                if c < Int(n.b) - 1 && clean && total >= memoizedSize { suffix[Int(n.a) + c] = 1 }
            }
        }
        return (node, suffix)
    }
}
