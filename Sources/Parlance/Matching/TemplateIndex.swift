/// Finds the few templates worth trying for an utterance: each template requires literal
/// fragments (in conjunctive normal form, as hassil's `get_required_clauses` computes them), one
/// trie finds every fragment present in the utterance, and each template is filed under the
/// fragments of its rarest clause, so only templates whose anchor is present are even checked.
/// A template whose clauses hold is then checked against its whole requirement: an alternative
/// of phrases ("une petite pause|mets pause") needs every word of one of them, where its clause
/// only asks for the first word of each ("une", "mets": nearly every French utterance).
///
/// A reference to a slot list that the caller supplies (entity, area and floor names) is a
/// requirement too: it holds when one of the list's values occurs in the utterance, so a
/// template that needs an area is not tried on an utterance that names none. A reference to a
/// list of values the grammar defines requires a word of one of its values (or, for a list of
/// the grammar's that a caller may replace, that the caller replaces it), as an alternative of
/// the values would.
///
/// The filter is sound: a template is skipped only when it cannot match.
struct TemplateIndex: Sendable {
    /// One requirement of a clause: a literal word, or a value of the named list.
    enum Atom: Hashable {
        case word(String)
        case list(String)
        /// The caller supplies a list of this name (which replaces the grammar's).
        case supplied(String)
    }

    /// The values of the list of a name a template may read (a block's own, or the grammar's), and
    /// whether a caller may replace it; nil for a range, a wildcard or no such list.
    typealias ListValues = (String) -> (values: [SlotValue], replaceable: Bool)?

    /// Lists of more values than this are not read for words (their clause would be long and
    /// rarely rule anything out).
    static let maxValuesRead = 512

    /// hassil stops following rules this deep when collecting fragments.
    static let maxClauseDepth = 24

    private(set) var fragments = ScalarTrie()
    private(set) var fragmentCount = 0
    /// Templates that require no literal text (always tried).
    private(set) var unanchored: [Int32] = []
    private var fragmentIDs: [[UInt32]: Int32] = [:]
    private var listAtomIDs: [String: Int32] = [:]
    /// The list requirements: fragment id and list name id.
    private(set) var listAtoms: [(fragment: Int32, listName: Int32)] = []
    /// Per list requirement, the list read when the caller supplies none: the grammar's, else
    /// an inline range (`{1..10:x}`); nil when there is neither.
    private var listAtomFallbacks: [CompiledList?] = []
    /// The requirements that the caller supplies a list (`Atom.supplied`): fragment id and list name id.
    private(set) var suppliedAtoms: [(fragment: Int32, listName: Int32)] = []
    private var suppliedAtomIDs: [String: Int32] = [:]
    /// The templates by anchor, their clauses and their whole requirements, which `candidates`
    /// reads (set last in `init`).
    private var frozen: Frozen!
    /// The code points a template's text can start and end with, as `firstBit` sets (all
    /// ones: any).
    private var firstChars: [UInt64] = []
    private var lastChars: [UInt64] = []

    init(program: CompiledProgram, grammar: IntentGrammar, fold: ScalarFold) {
        var clauses: [[[Int32]]] = []
        var formula = RequirementFormula()
        var formulaRoots: [Int32] = []
        for t in program.templates {
            let rules = program.blocks[Int(t.block)].data.rules.merging(grammar.rules) { local, _ in local }
            let local = program.blocks[Int(t.block)].data.lists
            let values: ListValues = { name in
                if let l = local[name] {
                    if case .values(let vs) = l { return (vs, false) }
                    return nil
                }
                if case .values(let vs)? = grammar.lists[name] { return (vs, true) }
                return nil
            }
            let cnf = Self.clauses(t.source.expression, rules: rules, values: values, depth: 0).map { clause in
                Array(Set(clause.map { atom -> Int32 in
                    switch atom {
                    case .word(let w): return intern(fold.fold(w))
                    // A block's own list is always there (-1 stands for "no requirement").
                    case .list(let name): return local[name] == nil ? internList(name, program, supplied: false) : -1
                    case .supplied(let name): return internList(name, program, supplied: true)
                    }
                })).sorted()
            }.filter { !$0.contains(-1) }
            clauses.append(Array(Set(cnf)))
            let whole = Self.requirement(t.source.expression, rules: rules, values: values, depth: 0)
            formulaRoots.append(formula.add(whole) { atom in
                switch atom {
                case .word(let w): return intern(fold.fold(w))
                case .list(let name): return local[name] == nil ? internList(name, program, supplied: false) : -1
                case .supplied(let name): return internList(name, program, supplied: true)
                }
            })
        }
        listAtomFallbacks = listAtoms.map { _, name in
            let g = program.grammarList[Int(name)]
            if g >= 0 { return program.lists[Int(g)] }
            let inline = program.listRefs.first { $0.listName == name && $0.local < 0 && $0.inline >= 0 }?.inline
            return inline.map { program.lists[Int($0)] }
        }
        var memo: [Int32: (Set<UInt32>?, Bool)] = [:], lastMemo: [Int32: (Set<UInt32>?, Bool)] = [:]
        for t in program.templates {
            let (chars, nullable) = Self.first(t.root, program, grammar.ignoresWhitespace, &memo)
            firstChars.append(Self.mask(nullable ? nil : chars))
            let (last, lastNullable) = Self.first(t.root, program, grammar.ignoresWhitespace, &lastMemo, fromEnd: true)
            lastChars.append(Self.mask(lastNullable ? nil : last))
        }
        var frequency = [Int](repeating: 0, count: fragmentCount)
        for cnf in clauses { for f in Set(cnf.joined()) { frequency[Int(f)] += 1 } }
        // A list requirement is a poor anchor: most utterances name some entity.
        for (id, _) in listAtoms + suppliedAtoms { frequency[Int(id)] = 1 << 40 }
        var anchored = [[Int32]](repeating: [], count: fragmentCount)
        var clauseRows = FlatRows(), clauseStarts: [Int32] = [0]
        for (i, cnf) in clauses.enumerated() {
            for clause in cnf { clauseRows.append(clause) }
            clauseStarts.append(Int32(clauseRows.count))
            guard let anchor = cnf.min(by: { a, b in
                a.reduce(0) { $0 + frequency[Int($1)] } < b.reduce(0) { $0 + frequency[Int($1)] }
            }) else {
                unanchored.append(Int32(i))
                continue
            }
            for f in anchor { anchored[Int(f)].append(Int32(i)) }
        }
        var anchoredRows = FlatRows()
        for row in anchored { anchoredRows.append(row) }
        frozen = Frozen(anchored: anchoredRows, clauseStarts: clauseStarts, clauses: clauseRows, formula: formula,
                        formulaRoots: formulaRoots)
    }

    /// What `candidates` reads, in buffers: the same on every look-up, and read without
    /// reference counting, so that its cost does not vary with how the optimizer treats arrays
    /// of a struct passed around (it did, by half, with unrelated edits).
    final class Frozen: @unchecked Sendable {
        private let arena = BufferArena()
        /// Templates filed under each fragment of their anchor clause: row `f` is
        /// `anchoredItems[anchoredStarts[f]..<anchoredStarts[f + 1]]`.
        let anchoredStarts: UnsafeBufferPointer<Int32>
        let anchoredItems: UnsafeBufferPointer<Int32>
        /// Each template's clauses are the rows `clauseStarts[t]..<clauseStarts[t + 1]`, row `c`
        /// being a clause's atoms (fragment ids), `clauseItems[clauseRowStarts[c]..<clauseRowStarts[c + 1]]`.
        let clauseStarts: UnsafeBufferPointer<Int32>
        let clauseRowStarts: UnsafeBufferPointer<Int32>
        let clauseItems: UnsafeBufferPointer<Int32>
        /// What each template requires, whole (`Requirement`): `formulaRoots[t]` in `formula`. The
        /// clauses approximate it (an alternative of phrases requires one word of each, its
        /// first); the formula is checked after them, for the templates whose clauses hold.
        let formulaRoots: UnsafeBufferPointer<Int32>
        let formula: RequirementFormula.Frozen

        init(anchored: FlatRows, clauseStarts: [Int32], clauses: FlatRows, formula: RequirementFormula,
             formulaRoots: [Int32]) {
            anchoredStarts = arena.copy(anchored.starts)
            anchoredItems = arena.copy(anchored.items)
            self.clauseStarts = arena.copy(clauseStarts)
            clauseRowStarts = arena.copy(clauses.starts)
            clauseItems = arena.copy(clauses.items)
            self.formulaRoots = arena.copy(formulaRoots)
            self.formula = formula.frozen(in: arena)
        }
    }

    private mutating func internList(_ name: String, _ program: CompiledProgram, supplied: Bool) -> Int32 {
        if let id = (supplied ? suppliedAtomIDs : listAtomIDs)[name] { return id }
        guard let listName = program.listNameIDs[name] else { return -1 }
        let id = Int32(fragmentCount)
        if supplied {
            suppliedAtomIDs[name] = id
            suppliedAtoms.append((id, listName))
        } else {
            listAtomIDs[name] = id
            listAtoms.append((id, listName))
        }
        fragmentCount += 1
        return id
    }

    private mutating func intern(_ key: [UInt32]) -> Int32 {
        if let id = fragmentIDs[key] { return id }
        let id = Int32(fragmentCount)
        fragmentIDs[key] = id
        fragments.insert(key, id)
        fragmentCount += 1
        return id
    }

    /// The first code points other than spaces that a node can match at the start of a text
    /// (nil: any), and whether it can match nothing at all.
    /// With `fromEnd`, the last code points it can match at the end of a text instead.
    static func first(_ node: Int32, _ p: CompiledProgram, _ ignoresWhitespace: Bool,
                      _ memo: inout [Int32: (Set<UInt32>?, Bool)], fromEnd: Bool = false) -> (Set<UInt32>?, Bool) {
        if let m = memo[node] { return m }
        let n = p.nodes[Int(node)]
        var result: (Set<UInt32>?, Bool)
        switch n.kind {
        case .text:
            let c = p.chunks[Int(n.a)]
            if fromEnd {
                let f = ignoresWhitespace ? Array(p.chunks.foldedCJK(c)) : Array(p.chunks.folded(c))
                if let last = f.last(where: { !MatchText.isSpace($0) }) { result = ([last], false) } else { result = ([], true) }
            } else {
                // The first code point that is not a space: a blank chunk may match nothing, and
                // one that starts with spaces (kept where they are not between CJK characters)
                // starts at the text's next code point that is not a space.
                let f = ignoresWhitespace ? p.chunks.foldedCJK(c) : p.chunks.folded(c)
                if let first = f.first(where: { !MatchText.isSpace($0) }) { result = ([first], false) } else { result = ([], true) }
            }
        case .list:
            result = (nil, false)
        case .sequence, .alternative, .permutation:
            var chars: Set<UInt32>? = []
            var nullable = n.kind == .sequence || n.kind == .permutation
            var anyNullable = false
            for j in 0..<n.b {
                let i = fromEnd && n.kind == .sequence ? n.b - 1 - j : j
                let (c, null) = first(p.children[Int(n.a + i)], p, ignoresWhitespace, &memo, fromEnd: fromEnd)
                if let c, chars != nil { chars!.formUnion(c) } else { chars = nil }
                anyNullable = anyNullable || null
                if n.kind == .sequence && !null { nullable = false; break }
                if n.kind == .permutation && !null { nullable = false }
            }
            if n.kind == .alternative { nullable = anyNullable }
            result = (chars, nullable)
        }
        memo[node] = result
        return result
    }

    /// For every node, a 64-bit set of the code points it can start with (`firstBit`), or all
    /// ones when it can match nothing or start anywhere (a list), so that the matcher drops a node
    /// whose start cannot be the text's next code point with one test instead of walking it.
    static func firstMasks(_ p: CompiledProgram, _ ignoresWhitespace: Bool) -> [UInt64] {
        var memo: [Int32: (Set<UInt32>?, Bool)] = [:]
        return (0..<Int32(p.nodes.count)).map { node in
            let (chars, nullable) = first(node, p, ignoresWhitespace, &memo)
            return mask(nullable ? nil : chars)
        }
    }

    /// The `firstBit` set of `chars` (all ones for nil: any).
    static func mask(_ chars: Set<UInt32>?) -> UInt64 { chars?.reduce(0) { $0 | firstBit($1) } ?? ~0 }

    /// A code point's bit in a first-code-point set (several share one; the set only rules out).
    @inline(__always) static func firstBit(_ c: UInt32) -> UInt64 { 1 << UInt64((c &* 0x9E37_79B1) >> 26) }

    /// Whether template `t` can start and end with the text's first and last non-space code
    /// points (`first`, `last`; `-` and `_` always, since they may be read as spaces, and punctuation
    /// at the end, which may be left over).
    func mayMatch(_ t: Int, first: UInt32?, last: UInt32?) -> Bool {
        if let c = first, c != 0x2D, c != 0x5F, firstChars[t] & Self.firstBit(c) == 0 { return false }
        if let c = last, c != 0x2D, c != 0x5F, !MatchText.isPunctuation(c), lastChars[t] & Self.firstBit(c) == 0 {
            return false
        }
        return true
    }

    /// hassil's `_required_clauses`, over the parsed expression; a list of values that `values`
    /// gives (a block's own, or the grammar's, which the caller may replace) requires what the
    /// alternative of its values requires.
    static func clauses(_ e: TemplateExpression, rules: [String: Template],
                        values: ListValues = { _ in nil },
                        depth: Int) -> [[Atom]] {
        if depth > maxClauseDepth { return [] }
        switch e {
        case .text(let s, _):
            return s.split(whereSeparator: { $0.isWhitespace })
                .filter { !$0.unicodeScalars.contains { MatchText.isPunctuation($0.value) || $0 == "’" } }
                .map { [.word(String($0))] }
        case .alternative(let items, let optional, _):
            if optional { return [] }
            return either(items, rules: rules, values: values, depth: depth)
        case .sequence(let items, _), .permutation(let items, _):
            return items.flatMap { clauses($0, rules: rules, values: values, depth: depth + 1) }
        case .rule(let name, _):
            guard let r = rules[name] else { return [] }
            return clauses(r.expression, rules: rules, values: values, depth: depth + 1)
        case .list(let l, _):
            guard let (vs, replaceable) = values(l.listName), !vs.isEmpty, vs.count <= maxValuesRead else {
                return [[.list(l.listName)]]
            }
            // Values are plain text or templates without lists and rules.
            let clause = either(vs.map(\.input), rules: [:], values: { _ in nil }, depth: depth)
            return replaceable ? clause.map { $0 + [.supplied(l.listName)] } : clause
        }
    }

    /// What one of `items` requires: the smallest clause of each, as one clause (nothing when
    /// one of them requires nothing).
    private static func either(_ items: [TemplateExpression], rules: [String: Template],
                               values: ListValues, depth: Int) -> [[Atom]] {
        if items.isEmpty { return [] }
        var merged: [Atom] = []
        for item in items {
            let branch = clauses(item, rules: rules, values: values, depth: depth + 1)
            guard let smallest = branch.min(by: { $0.count < $1.count }) else { return [] }
            merged.append(contentsOf: smallest)
        }
        return [merged]
    }

    /// What `e` requires of an utterance, whole: the words and lists of `clauses`, with an
    /// alternative requiring all of one of its branches rather than a word of each.
    static func requirement(_ e: TemplateExpression, rules: [String: Template], values: ListValues = { _ in nil },
                            depth: Int) -> Requirement {
        if depth > maxClauseDepth { return .always }
        switch e {
        case .text:
            return .all(clauses(e, rules: rules, values: values, depth: depth).map { .atom($0[0]) })
        case .alternative(let items, let optional, _):
            if optional { return .always }
            return .any(items.map { requirement($0, rules: rules, values: values, depth: depth + 1) })
        case .sequence(let items, _), .permutation(let items, _):
            return .all(items.map { requirement($0, rules: rules, values: values, depth: depth + 1) })
        case .rule(let name, _):
            guard let r = rules[name] else { return .always }
            return requirement(r.expression, rules: rules, values: values, depth: depth + 1)
        case .list(let l, _):
            guard let (vs, replaceable) = values(l.listName), !vs.isEmpty, vs.count <= maxValuesRead else {
                return .atom(.list(l.listName))
            }
            let one = Requirement.any(vs.map { requirement($0.input, rules: [:], depth: depth + 1) })
            return replaceable ? .any([one, .atom(.supplied(l.listName))]) : one
        }
    }

    /// Marks the list requirements that hold: a list holds when one of its values, or one of
    /// its numbers, may occur in one of `texts` (folded, with and without spaces between CJK
    /// characters, each ending with a space; `CompiledList.mayOccur`), reading the caller's
    /// list of the name, else the grammar's, else the inline range; a wildcard, a template
    /// value or no list at all holds; a requirement that the caller supplies a list
    /// (`Atom.supplied`) holds when it does.
    ///
    /// - Complexity: O(n · k) per list: n positions, each walked as deep as a key matches.
    func markLists(_ lists: [CompiledList?], in texts: [[UInt32]], cjk: Bool, _ s: inout Scratch) {
        for (id, name) in suppliedAtoms where Int(name) < lists.count && lists[Int(name)] != nil { s.mark(id) }
        for (i, (id, name)) in listAtoms.enumerated() {
            let supplied = Int(name) < lists.count ? lists[Int(name)] : nil
            if let l = supplied ?? listAtomFallbacks[i], !l.mayOccur(in: texts, cjk: cjk) { continue }
            s.mark(id)
        }
    }

    /// Scratch space for one look-up, reused across calls by one thread at a time (through the
    /// matcher's pool): flags and lists in fixed buffers written in place. None outgrows its
    /// buffer: a fragment is listed once (its flag is set first), a template once (`seen`), and a
    /// formula node once, since it is judged once per look-up (its verdict is set) and a node's
    /// children come before it, so no node is reached again while it is judged; atoms are not
    /// listed. Not copyable: a copy would share the buffers.
    struct Scratch: ~Copyable {
        private let arena = BufferArena()
        /// Per fragment: found in the utterance; the fragments found, in `found[0..<foundCount]`.
        let present: UnsafeMutablePointer<Bool>
        let found: UnsafeMutablePointer<Int32>
        var foundCount = 0
        /// Per template: looked at in this look-up (listed in `touched`, to be cleared).
        let seen: UnsafeMutablePointer<Bool>
        let touched: UnsafeMutablePointer<Int32>
        /// What the formula's nodes were found to be for this look-up (0: not yet, 1: met,
        /// 2: not), and the nodes to clear after it.
        let verdicts: UnsafeMutablePointer<UInt8>
        let judged: UnsafeMutablePointer<Int32>
        /// The candidates of the last look-up.
        var candidates: [Int32] = []

        init(fragments: Int, templates: Int, formulaNodes: Int) {
            present = arena.filled(fragments, with: false).baseAddress!
            found = arena.filled(fragments, with: 0).baseAddress!
            seen = arena.filled(templates, with: false).baseAddress!
            touched = arena.filled(templates, with: 0).baseAddress!
            verdicts = arena.filled(formulaNodes, with: 0).baseAddress!
            judged = arena.filled(formulaNodes, with: 0).baseAddress!
        }

        /// Records fragment `id` as found.
        @inline(__always) mutating func mark(_ id: Int32) {
            if present[Int(id)] { return }
            present[Int(id)] = true
            found[foundCount] = id
            foundCount += 1
        }
    }

    /// Scratch space sized for this index: a flag per fragment, template and formula node.
    func makeScratch() -> Scratch {
        Scratch(fragments: fragmentCount, templates: frozen.formulaRoots.count, formulaNodes: frozen.formula.kinds.count)
    }

    /// Records the fragments found anywhere in `text`.
    ///
    /// - Complexity: O(n · k): n positions, each walked as deep as a fragment matches.
    func markFragments(in text: UnsafeBufferPointer<UInt32>, _ s: inout Scratch) {
        for i in 0..<text.count {
            fragments.prefixes(of: text, from: i) { _, id in s.mark(id) }
        }
    }

    /// Indices of the templates that may match, in trial order; clears the scratch space.
    ///
    /// - Complexity: O(a + c log c): a templates filed under the fragments present, c candidates.
    ///
    /// Kept out of line: where the optimizer inlined it, its instructions rose and fell by a
    /// tenth with unrelated edits to the engine.
    @inline(never) func candidates(_ s: inout Scratch) -> [Int32] {
        var out: [Int32] = []
        swap(&out, &s.candidates)
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: unanchored)
        // Every buffer in a local: the scratch's are written through, so as far as the compiler
        // knows a write could change the scratch or the frozen index, whose fields it would then
        // read again after each write (up to 950 instructions a call, varying from build to build).
        let f = frozen!
        let anchoredStarts = f.anchoredStarts, anchoredItems = f.anchoredItems, clauseStarts = f.clauseStarts
        let clauseRowStarts = f.clauseRowStarts, clauseItems = f.clauseItems, roots = f.formulaRoots, formula = f.formula
        let present = s.present, found = s.found, seen = s.seen, touchedList = s.touched
        let verdicts = s.verdicts, judgedList = s.judged, foundCount = s.foundCount
        /// Whether every clause of template `t` has an atom present.
        func clausesHold(_ t: Int) -> Bool {
            for c in Int(clauseStarts[t])..<Int(clauseStarts[t + 1]) {
                var any = false
                for i in Int(clauseRowStarts[c])..<Int(clauseRowStarts[c + 1]) where present[Int(clauseItems[i])] {
                    any = true
                    break
                }
                if !any { return false }
            }
            return true
        }
        var touched = 0, judged = 0
        for k in 0..<foundCount {
            let row = Int(found[k])
            for i in Int(anchoredStarts[row])..<Int(anchoredStarts[row + 1]) {
                let t = anchoredItems[i]
                if seen[Int(t)] { continue }
                seen[Int(t)] = true
                touchedList[touched] = t
                touched += 1
                if clausesHold(Int(t)) && formula.holds(roots[Int(t)], present, verdicts, judgedList, &judged) {
                    out.append(t)
                }
            }
        }
        for i in 0..<touched { seen[Int(touchedList[i])] = false }
        for i in 0..<judged { verdicts[Int(judgedList[i])] = 0 }
        for i in 0..<foundCount { present[Int(found[i])] = false }
        s.foundCount = 0
        out.sort()
        s.candidates = out
        return out
    }
}

/// Rows of ids in two flat arrays (row `i` is `items[starts[i]..<starts[i + 1]]`), built by the
/// index and copied into its frozen buffers.
struct FlatRows: Sendable {
    private(set) var starts: [Int32] = [0]
    private(set) var items: [Int32] = []

    mutating func append(_ row: [Int32]) {
        items.append(contentsOf: row)
        starts.append(Int32(items.count))
    }

    var count: Int { starts.count - 1 }
}


/// What a template requires of an utterance for it to match: words (found anywhere in the
/// utterance, as the index's fragments are) and lists, all or any of them.
indirect enum Requirement: Equatable {
    case atom(TemplateIndex.Atom)
    case all([Requirement])
    case any([Requirement])

    /// What is always met.
    static let always = Requirement.all([])
}

/// Requirements in flat arrays, each node's children a range of `children`, checked against the
/// fragments present without reference counting. Equal nodes are stored once (a rule or a list
/// that many templates require is one node), and each is judged once per look-up.
struct RequirementFormula: Sendable {
    /// Per node: an atom's fragment id (kind 0), or the first child and count (1: all, 2: any).
    private var kinds: [UInt8] = []
    private var a: [Int32] = []
    private var b: [Int32] = []
    private var children: [Int32] = []
    /// Nodes by kind and children, so that equal nodes are stored once (the formula is built in
    /// the index's `init` and dropped there, once frozen).
    private var ids: [[Int32]: Int32] = [:]

    /// Adds `r` with its atoms numbered by `id` (-1: met, as the index's `-1`), simplified
    /// (what is always met dropped from an `all`, an `any` with such a branch met); the root node.
    mutating func add(_ r: Requirement, id: (TemplateIndex.Atom) -> Int32) -> Int32 {
        node(Self.simplified(r, id: id))
    }

    /// A node: an atom's fragment id, or all / any of its children; nil when always met.
    private indirect enum Node {
        case atom(Int32)
        case all([Node])
        case any([Node])
    }

    private static func simplified(_ r: Requirement, id: (TemplateIndex.Atom) -> Int32) -> Node? {
        switch r {
        case .atom(let atom):
            let i = id(atom)
            return i < 0 ? nil : .atom(i)
        case .all(let items):
            var out: [Node] = []
            for item in items {
                guard let n = simplified(item, id: id) else { continue }
                if case .all(let inner) = n { out += inner } else { out.append(n) }
            }
            return out.isEmpty ? nil : out.count == 1 ? out[0] : .all(out)
        case .any(let items):
            var out: [Node] = []
            for item in items {
                guard let n = simplified(item, id: id) else { return nil }
                if case .any(let inner) = n { out += inner } else { out.append(n) }
            }
            return out.isEmpty ? nil : out.count == 1 ? out[0] : .any(out)
        }
    }

    /// -1 for what is always met.
    private mutating func node(_ n: Node?) -> Int32 {
        guard let n else { return -1 }
        switch n {
        case .atom(let i):
            return interned(0, [i])
        case .all(let items):
            return interned(1, Array(Set(items.map { node($0) })).sorted())
        case .any(let items):
            return interned(2, Array(Set(items.map { node($0) })).sorted())
        }
    }

    /// The node of this kind and these children (an atom: its id), added unless there is one.
    private mutating func interned(_ kind: UInt8, _ items: [Int32]) -> Int32 {
        let key = [Int32(kind)] + items
        if let id = ids[key] { return id }
        kinds.append(kind)
        if kind == 0 {
            a.append(items[0])
            b.append(0)
        } else {
            a.append(Int32(children.count))
            b.append(Int32(items.count))
            children += items
        }
        let id = Int32(kinds.count - 1)
        ids[key] = id
        return id
    }

    /// The formula in buffers, valid while the `TemplateIndex.Frozen` whose arena holds them
    /// lives (it is kept only there).
    struct Frozen {
        let kinds: UnsafeBufferPointer<UInt8>
        let a: UnsafeBufferPointer<Int32>
        let b: UnsafeBufferPointer<Int32>
        let children: UnsafeBufferPointer<Int32>

        /// Whether node `n` is met by the fragments `present`; `verdicts` remembers the nodes
        /// judged (listed in `judged[0..<judgedCount]`, for the caller to clear).
        func holds(_ n: Int32, _ present: UnsafeMutablePointer<Bool>, _ verdicts: UnsafeMutablePointer<UInt8>,
                   _ judged: UnsafeMutablePointer<Int32>, _ judgedCount: inout Int) -> Bool {
            if n < 0 { return true }
            let i = Int(n)
            if kinds[i] == 0 { return present[Int(a[i])] }
            if verdicts[i] != 0 { return verdicts[i] == 1 }
            var met = kinds[i] == 1
            for c in Int(a[i])..<Int(a[i] + b[i]) where holds(children[c], present, verdicts, judged, &judgedCount) != met {
                met.toggle()
                break
            }
            verdicts[i] = met ? 1 : 2
            judged[judgedCount] = n
            judgedCount += 1
            return met
        }
    }

    func frozen(in arena: BufferArena) -> Frozen {
        Frozen(kinds: arena.copy(kinds), a: arena.copy(a), b: arena.copy(b), children: arena.copy(children))
    }
}
