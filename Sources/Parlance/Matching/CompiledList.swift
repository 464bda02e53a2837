import Foundation
import ParlanceText

/// A slot list ready for matching: values in a trie over their folded keys (so finding the
/// values that start at a position costs the length of the key, not the size of the list),
/// number ranges with a trie of their spelled-out words, or a wildcard.
///
/// A class so that the matcher passes lists by reference; it is not changed once compiled, so
/// its fields are read without dynamic exclusivity checks.
final class CompiledList: @unchecked Sendable {
    enum Kind: Sendable { case values, range, wildcard }

    struct Value: Sendable {
        var output: JSONValue?
        var context: [String: JSONValue]?
        var metadata: [String: JSONValue]?
        /// Plain values: the value as one literal chunk in the list's pool; template values: nil.
        var chunk: CompiledProgram.Chunk?
        /// Template values: the root node in the program.
        var node: Int32
    }

    struct NumberWord: Sendable {
        /// The word as a literal chunk in the list's pool.
        var chunk: CompiledProgram.Chunk
        var value: Double
    }

    @exclusivity(unchecked) var kind: Kind
    @exclusivity(unchecked) var pool = ChunkPool()
    @exclusivity(unchecked) var values: [Value] = []
    /// What matching reads of each value, apart (plain data, read without copying a value):
    /// its chunk (plain values), its root node (template values: -1 otherwise) and whether it has
    /// context.
    @exclusivity(unchecked) var valueChunks: [CompiledProgram.Chunk?] = []
    @exclusivity(unchecked) var valueNodes: [Int32] = []
    @exclusivity(unchecked) var valueHasContext: [Bool] = []
    /// Plain values by their folded key without leading spaces.
    @exclusivity(unchecked) var trie = ScalarTrie()
    /// Plain values by their folded key without spaces between CJK characters.
    @exclusivity(unchecked) var trieCJK = ScalarTrie()
    /// Values with template syntax, in list order (always candidates, as in hassil).
    @exclusivity(unchecked) var templated: [Int32] = []
    /// For each templated value, the code points it can start with (nil: any), so that only
    /// those that can start where the text does are tried.
    @exclusivity(unchecked) var templatedFirst: [Set<UInt32>?] = []
    @exclusivity(unchecked) var range = NumberRange(from: 0, to: 0)
    @exclusivity(unchecked) var words = ScalarTrie()
    @exclusivity(unchecked) var numberWords: [NumberWord] = []

    /// For values with context, whether each may match under each of the program's context
    /// groups: `admitted[value * groupCount + group]` (empty: not judged).
    @exclusivity(unchecked) var admitted: [Bool] = []
    @exclusivity(unchecked) var groupCount = 0

    init(kind: Kind) { self.kind = kind }

    /// Whether a value may occur in one of `texts` (folded, each ending with a space, since a
    /// value may end in one): a key of it (`cjk`: also without spaces between CJK characters)
    /// occurs there, or with `-` and `_` read as spaces (`anyReading(of:_:)`); a number of a
    /// range, when the texts have a digit (with digits allowed) or one of its number words; a
    /// template value or a wildcard always may.
    func mayOccur(in texts: [[UInt32]], cjk: Bool) -> Bool {
        switch kind {
        case .wildcard:
            return true
        case .range:
            // `MatchEngine.matchRange` reads digits of the folded text, or the words of `words`.
            if range.digits, texts.contains(where: { $0.contains { $0 >= 0x30 && $0 <= 0x39 } }) { return true }
            guard range.words, !numberWords.isEmpty else { return false }
            return Self.anyReading(of: texts) { text in (0..<text.count).contains { words.occurs(in: text, at: $0) } }
        case .values:
            guard templated.isEmpty else { return true }
            return Self.anyReading(of: texts) { text in
                (0..<text.count).contains { i in trie.occurs(in: text, at: i) || (cjk && trieCJK.occurs(in: text, at: i)) }
            }
        }
    }

    /// Calls `body` with each of `texts`, then with each that has `-` or `_` with them read as
    /// spaces, as the engine may read them ("что-нибудь", "Porte-monnaie"), until `body`
    /// returns true; whether it did. Only the readings with spaces are copied.
    @discardableResult
    static func anyReading(of texts: [[UInt32]], _ body: (UnsafeBufferPointer<UInt32>) -> Bool) -> Bool {
        for t in texts where t.withUnsafeBufferPointer(body) { return true }
        for t in texts where t.contains(where: { $0 == 0x2D || $0 == 0x5F }) {
            let spaced = t.map { $0 == 0x2D || $0 == 0x5F ? 0x20 : $0 }
            if spaced.withUnsafeBufferPointer(body) { return true }
        }
        return false
    }

    /// Fills `admitted` for `groups`.
    ///
    /// - Complexity: O(values with context × groups).
    func judgeContexts(_ groups: [CompiledProgram.ContextGroup]) {
        guard kind == .values, !groups.isEmpty, values.contains(where: { $0.context != nil }) else { return }
        groupCount = groups.count
        var out = [Bool](repeating: true, count: values.count * groups.count)
        for (i, v) in values.enumerated() {
            guard let vc = v.context else { continue }
            for (g, group) in groups.enumerated() { out[i * groups.count + g] = group.admits(vc) }
        }
        admitted = out
    }

    /// Whether value `i` may match in a block of context group `group` (-1: no conditions); nil
    /// when the list was not judged for these groups.
    @inline(__always) func admits(_ i: Int32, group: Int32) -> Bool? {
        if group < 0 || !valueHasContext[Int(i)] { return true }
        guard group < groupCount else { return nil }
        return admitted[Int(i) * groupCount + Int(group)]
    }

    static let wildcard = CompiledList(kind: .wildcard)

    /// Longest accepted list value, in code points (Apple applies 1024 UTF-16 units to vocabulary).
    static let maxValueLength = 1024

    /// Compiles `list`; template values become nodes of `program` through `compileTemplate`.
    ///
    /// - Complexity: O(total length of the values) for text lists; one spell-out call per number
    ///   and rule set for ranges with words.
    static func compile(_ list: SlotList, fold: ScalarFold, language: String,
                        compileTemplate: (TemplateExpression) throws -> Int32) throws -> CompiledList {
        switch list {
        case .wildcard:
            return .wildcard
        case .range(let r):
            let c = CompiledList(kind: .range)
            c.range = r
            guard r.count <= 1_000_000 else {
                throw GrammarError("range list of \(r.count) numbers is too large",
                                   note: "ranges hold at most 1,000,000 numbers")
            }
            if r.words { c.addNumberWords(fold: fold, language: r.wordsLanguage ?? language) }
            return c
        case .values(let vs):
            let c = CompiledList(kind: .values)
            c.values.reserveCapacity(vs.count)
            for v in vs { try c.append(v, fold: fold, compileTemplate: compileTemplate) }
            return c
        }
    }

    /// Adds one value while the list is built.
    private func append(_ v: SlotValue, fold: ScalarFold, compileTemplate: (TemplateExpression) throws -> Int32) throws {
        var entry = Value(output: v.output, context: v.context, metadata: v.metadata, chunk: nil, node: -1)
        if case .text(let t, _) = v.input {
            guard t.unicodeScalars.count <= Self.maxValueLength else {
                throw GrammarError("list value longer than \(Self.maxValueLength) characters: \(t.prefix(40))…")
            }
            appendPlain(entry, chunk: pool.add(t, fold: fold))
        } else {
            entry.node = try compileTemplate(v.input)
            templated.append(Int32(values.count))
            appendEntry(entry)
        }
    }

    /// Adds a plain value whose text is chunk `id` of the pool, found through the tries.
    private func appendPlain(_ value: Value, chunk id: Int32) {
        var entry = value
        let chunk = pool[Int(id)]
        entry.chunk = chunk
        if chunk.strippedCount > 0 {
            trie.insert(pool.folded(chunk).dropFirst(Int(chunk.firstNonSpace)), Int32(values.count))
            trieCJK.insert(pool.foldedCJK(chunk), Int32(values.count))
        }
        appendEntry(entry)
    }

    private func appendEntry(_ entry: Value) {
        values.append(entry)
        valueChunks.append(entry.chunk)
        valueNodes.append(entry.node)
        valueHasContext.append(entry.context != nil)
    }

    /// The values whose keys occur somewhere in `texts` (folded, each with a space after it, as
    /// `mayOccur` reads them), in list order: those that may
    /// match there (as `mayOccur` judges); nil when any value may, whatever its key (a list with
    /// template values).
    ///
    /// - Complexity: O(length of the texts × length of the longest key found).
    func values(occurringIn texts: [[UInt32]], cjk: Bool) -> [Int32]? {
        guard kind == .values, templated.isEmpty else { return nil }
        var found = Set<Int32>()
        Self.anyReading(of: texts) { text in
            for i in 0..<text.count {
                trie.prefixes(of: text, from: i) { _, v in found.insert(v) }
                if cjk { trieCJK.prefixes(of: text, from: i) { _, v in found.insert(v) } }
            }
            return false
        }
        return found.sorted()
    }

    /// This list of values with `extra` plain values after its own (nil for a range or a
    /// wildcard); this list is not changed. Values with context are judged for `groups`.
    ///
    /// With `only`, the list keeps just those of its values (indices in list order, as
    /// `values(occurringIn:cjk:)` gives them), so that a long list read for one utterance is
    /// not copied whole; their outputs, contexts and metadata are kept, their indices are not.
    ///
    /// - Complexity: a copy of the list's flat storage (with `only`: of the values kept) plus
    ///   O(total length of `extra`), rather than compiling every value again.
    func adding(_ extra: [SlotValue], only: [Int32]? = nil, fold: ScalarFold,
                groups: [CompiledProgram.ContextGroup]) throws -> CompiledList? {
        guard kind == .values else { return nil }
        let c = CompiledList(kind: .values)
        if let only {
            c.values.reserveCapacity(only.count + extra.count)
            for i in only {
                guard let chunk = valueChunks[Int(i)] else { continue }
                c.appendPlain(values[Int(i)], chunk: c.pool.add(chunk, from: pool))
            }
        } else {
            c.pool = pool
            c.values = values
            c.valueChunks = valueChunks
            c.valueNodes = valueNodes
            c.valueHasContext = valueHasContext
            c.trie = trie.copy()
            c.trieCJK = trieCJK.copy()
            c.templated = templated
            c.templatedFirst = templatedFirst
            c.admitted = admitted
            c.groupCount = groupCount
            c.values.reserveCapacity(values.count + extra.count)
        }
        if case .values(let vs) = try SlotList.values(extra).expandingTemplates() {
            for v in vs { try c.append(v, fold: fold) { _ in -1 } }
        }
        if extra.contains(where: { $0.context != nil }) || (only != nil && c.valueHasContext.contains(true)) {
            c.judgeContexts(groups)
        }
        return c
    }

    /// Every number of the range in every cardinal spelling of the language, also with `ß` as
    /// `ss` and with hyphens as spaces (hassil's `_build_range_trie`).
    private func addNumberWords(fold: ScalarFold, language: String) {
        guard let locale = try? LocaleID(language), let f = try? SpellOutFormatter(locale: locale) else { return }
        var numbers: [Double] = []
        var n = range.from
        while n <= range.to {
            numbers.append(Double(n))
            for fr in range.fractionValues { numbers.append(Double(n) + fr) }
            n += range.step
        }
        for number in numbers {
            let value = number * (range.multiplier ?? 1)
            var used = Set<String>()
            for words in f.spellings(of: number) {
                for variant in [words, words.replacingOccurrences(of: "ß", with: "ss")] {
                    let broken = String(variant.map { $0 == "-" || $0 == "_" ? " " : $0 })
                    for w in [variant, broken] where used.insert(w).inserted {
                        let id = pool.add(w, fold: fold)
                        let chunk = pool[Int(id)]
                        self.words.insert(pool.folded(chunk), Int32(numberWords.count))
                        numberWords.append(NumberWord(chunk: chunk, value: value))
                    }
                }
            }
        }
    }
}
