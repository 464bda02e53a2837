/// Compiles an `IntentGrammar` into a `CompiledProgram`: every template becomes nodes once,
/// every rule body is compiled once per scope and referenced (never copied), lists become tries.
struct GrammarCompiler {
    /// Node budget: a grammar larger than this is refused rather than exhaust memory.
    static let maxNodes = 50_000_000

    var program = CompiledProgram()
    let grammar: IntentGrammar
    let fold: ScalarFold
    /// Compiled rule bodies per scope (-1: the grammar's; else a block with rules of its own).
    private var ruleNodes: [Int32: [String: Int32]] = [:]
    private var rulesInProgress: [String] = []

    init(grammar: IntentGrammar, fold: ScalarFold) {
        self.grammar = grammar
        self.fold = fold
    }

    mutating func compile() throws -> CompiledProgram {
        for (name, list) in grammar.lists.sorted(by: { $0.key < $1.key }) {
            let id = program.listID(name)
            let c = try compileList(list, scope: -1)
            program.lists.append(c)
            program.grammarList[Int(id)] = Int32(program.lists.count - 1)
        }
        let wildcardLists = Set(grammar.lists.compactMap { k, v -> String? in
            if case .wildcard = v { return k } else { return nil }
        })
        for intent in grammar.intents {
            program.intentNames.append(intent.name)
            let intentID = Int32(program.intentNames.count - 1)
            for block in intent.blocks {
                let blockID = Int32(program.blocks.count)
                program.blocks.append(CompiledProgram.Block(intent: intentID, data: block))
                let scope = block.rules.isEmpty && block.lists.isEmpty ? -1 : blockID
                var local: [String: Int32] = [:]
                for (name, list) in block.lists.sorted(by: { $0.key < $1.key }) {
                    _ = program.listID(name)
                    program.lists.append(try compileList(list, scope: scope))
                    local[name] = Int32(program.lists.count - 1)
                }
                // hassil tries wildcard templates with more literal chunks first (stable order).
                let ordered = block.templates.enumerated().sorted { a, b in
                    let ka = Self.order(a.element, wildcardLists), kb = Self.order(b.element, wildcardLists)
                    return ka != kb ? ka < kb : a.offset < b.offset
                }.map(\.element)
                for t in ordered {
                    let root = try compile(t.expression, scope: scope, local: local)
                    program.templates.append(CompiledProgram.CompiledTemplate(
                        root: root, block: blockID, shape: Self.shape(t.expression, wildcardLists),
                        clauses: [], source: t))
                }
            }
        }
        var memo: [Int32: (Set<UInt32>?, Bool)] = [:]
        for l in program.lists where !l.templated.isEmpty {
            l.templatedFirst = l.templated.map { v in
                let (chars, nullable) = TemplateIndex.first(l.values[Int(v)].node, program, grammar.ignoresWhitespace, &memo)
                return nullable ? nil : chars
            }
        }
        program.groupContexts()
        return program
    }

    static func order(_ t: Template, _ wildcards: Set<String>) -> Int {
        t.expression.listReferences.contains { wildcards.contains($0.listName) } ? -t.expression.textChunkCount : 0
    }

    static func shape(_ e: TemplateExpression, _ wildcards: Set<String>) -> CompiledProgram.Shape {
        guard case .sequence(let items, _) = e, let first = items.first, let last = items.last else { return .plain }
        func isWildcard(_ x: TemplateExpression) -> Bool {
            if case .list(let l, _) = x { return wildcards.contains(l.listName) }
            return false
        }
        if items.count == 1 { return isWildcard(first) ? .wholeWildcard : .plain }
        if isWildcard(first) { return .leadingWildcard }
        if isWildcard(last) { return .trailingWildcard }
        return .plain
    }

    mutating func compileList(_ list: SlotList, scope: Int32) throws -> CompiledList {
        var this = self
        let c = try CompiledList.compile(list, fold: fold, language: grammar.language) { e in
            try this.compile(e, scope: scope, local: [:])
        }
        self = this
        return c
    }

    mutating func addNode(_ kind: CompiledProgram.Kind, _ a: Int32, _ b: Int32 = 0) throws -> Int32 {
        guard program.nodes.count < Self.maxNodes else {
            throw GrammarError("grammar too large: more than \(Self.maxNodes) expression nodes")
        }
        program.nodes.append(CompiledProgram.Node(kind: kind, a: a, b: b))
        return Int32(program.nodes.count - 1)
    }

    /// Compiles an expression; rules resolve in the block's scope, then the grammar's.
    mutating func compile(_ e: TemplateExpression, scope: Int32, local: [String: Int32]) throws -> Int32 {
        switch e {
        case .text(let s, _):
            return try addNode(.text, program.chunks.add(s, fold: fold))
        case .sequence(let items, _), .alternative(let items, _, _), .permutation(let items, _):
            let kids = try items.map { try compile($0, scope: scope, local: local) }
            let start = Int32(program.children.count)
            program.children.append(contentsOf: kids)
            let kind: CompiledProgram.Kind
            switch e {
            case .sequence: kind = .sequence
            case .alternative: kind = .alternative
            default: kind = .permutation
            }
            return try addNode(kind, start, Int32(kids.count))
        case .list(let l, _):
            var inline: Int32 = -1
            if grammar.lists[l.listName] == nil, local[l.listName] == nil, let r = l.inlineRange {
                inline = Int32(program.lists.count)
                program.lists.append(try compileList(.range(NumberRange(from: r.from, to: r.to, step: r.step)), scope: scope))
            }
            program.listRefs.append(CompiledProgram.ListRef(
                listName: program.listID(l.listName), slot: program.slotID(l.slotName), isCapture: l.isCapture,
                isEndOfWord: l.isEndOfWord, local: local[l.listName] ?? -1, inline: inline))
            return try addNode(.list, Int32(program.listRefs.count - 1))
        case .rule(let name, let range):
            // A block with rules or lists of its own compiles rule bodies in its own scope.
            let key = scope
            if let n = ruleNodes[key]?[name] { return n }
            let blockRule = scope >= 0 ? program.blocks[Int(scope)].data.rules[name] : nil
            guard let body = blockRule ?? grammar.rules[name] else {
                throw GrammarError("unknown rule <\(name)>", note: "define it under expansion_rules (at \(range))")
            }
            if rulesInProgress.contains(name) {
                throw GrammarError("rule <\(name)> refers to itself",
                                   note: "through " + (rulesInProgress + [name]).map { "<\($0)>" }.joined(separator: " → "))
            }
            rulesInProgress.append(name)
            defer { rulesInProgress.removeLast() }
            let n = try compile(body.expression, scope: scope, local: local)
            ruleNodes[key, default: [:]][name] = n
            return n
        }
    }
}
