import Foundation

/// Builds an `IntentGrammar` from hassil's document model (JSON or YAML read into `JSONValue`):
///
/// ```yaml
/// language: en
/// settings: {ignore_whitespace: false, wildcards_as_said: false}
/// intents:
///   HassTurnOn:
///     data:
///       - sentences: ["turn on [the] {name}"]
///         slots: {domain: light}
///         requires_context: {area: {slot: true}}
///         metadata: {slot_combination: name_only}
/// lists: {brightness: {range: {from: 0, to: 100}}}
/// expansion_rules: {the: "(the|my)"}
/// skip_words: [please]
/// ```
public enum GrammarLoader {
    /// Reads a whole document. Every error names the file and the place in the document.
    ///
    /// - Parameter locate: where a template string starts in the file, when the reader knows.
    /// - Complexity: O(n) in the size of the document (templates are parsed, never expanded).
    public static func grammar(from doc: JSONValue, file: String,
                               locate: (String) -> SourceLocation? = { _ in nil }) throws -> IntentGrammar {
        guard let root = doc.object else { throw GrammarError("\(file): expected a mapping at the top level") }
        var g = IntentGrammar(language: root["language"]?.string ?? "")
        g.ignoresWhitespace = root["settings"]?["ignore_whitespace"]?.bool ?? false
        g.wildcardsAsSaid = root["settings"]?["wildcards_as_said"]?.bool ?? false
        g.skipWords = root["skip_words"]?.array?.compactMap(\.string) ?? []
        g.rules = try rules(root["expansion_rules"], path: "expansion_rules", file: file, locate: locate)
        g.lists = try lists(root["lists"], path: "lists", file: file, locate: locate)
        // Intents keep document order where the reader kept it; JSON objects do not, so sort by
        // name (results that rank equal are told apart by intent name first, as hassil does).
        for (name, body) in (root["intents"]?.object ?? [:]).sorted(by: { $0.key < $1.key }) {
            var blocks: [IntentBlock] = []
            for (i, data) in (body["data"]?.array ?? []).enumerated() {
                let path = "intents.\(name).data[\(i)]"
                let templates = try (data["sentences"]?.array ?? []).enumerated().map { j, s -> Template in
                    try template(s.string ?? "", path: "\(path).sentences[\(j)]", file: file, locate: locate)
                }
                var b = IntentBlock(templates: templates)
                b.slots = data["slots"]?.object ?? [:]
                b.response = data["response"]?.string
                b.requiresContext = data["requires_context"]?.object ?? [:]
                b.excludesContext = data["excludes_context"]?.object ?? [:]
                b.metadata = data["metadata"]?.object
                b.rules = try rules(data["expansion_rules"], path: "\(path).expansion_rules", file: file, locate: locate)
                b.lists = try lists(data["lists"], path: "\(path).lists", file: file, locate: locate)
                if let kw = data["required_keywords"]?.array {
                    b.requiredKeywords = Set(kw.compactMap(\.string).map { MatchText.foldString($0) })
                }
                blocks.append(b)
            }
            g.intents.append(Intent(name: name, blocks: blocks))
        }
        return g
    }

    static func template(_ text: String, path: String, file: String, locate: (String) -> SourceLocation?) throws -> Template {
        do {
            return try Template(text, location: locate(text))
        } catch var e as GrammarError {
            if e.location == nil { e.location = SourceLocation(file: file, line: 1, column: 1); e.message += " (at \(path))" }
            throw e
        }
    }

    static func rules(_ v: JSONValue?, path: String, file: String, locate: (String) -> SourceLocation?) throws -> [String: Template] {
        var out: [String: Template] = [:]
        for (name, body) in v?.object ?? [:] {
            out[name] = try template(body.string ?? "", path: "\(path).\(name)", file: file, locate: locate)
        }
        return out
    }

    static func lists(_ v: JSONValue?, path: String, file: String, locate: (String) -> SourceLocation?) throws -> [String: SlotList] {
        var out: [String: SlotList] = [:]
        for (name, body) in v?.object ?? [:] {
            out[name] = try list(body, path: "\(path).\(name)", file: file, locate: locate)
        }
        return out
    }

    /// One list: `values` (strings or `{in, out, context, metadata}`), `range` or `wildcard: true`.
    public static func list(_ body: JSONValue, path: String, file: String,
                            locate: (String) -> SourceLocation? = { _ in nil }) throws -> SlotList {
        if let values = body["values"]?.array {
            return .values(try values.enumerated().map { i, v -> SlotValue in
                if let s = v.string {
                    return try SlotValue.parsing(s, output: .string(s), location: locate(s))
                }
                guard let input = v["in"]?.string else {
                    throw GrammarError("\(file): \(path).values[\(i)] needs 'in' (what is said)")
                }
                return try SlotValue.parsing(input, output: v["out"].flatMap { $0.isNull ? nil : $0 },
                                             context: v["context"]?.object, metadata: v["metadata"]?.object,
                                             location: locate(input))
            })
        }
        if let r = body["range"] {
            guard let from = r["from"]?.number, let to = r["to"]?.number else {
                throw GrammarError("\(file): \(path).range needs 'from' and 'to'")
            }
            var range = NumberRange(from: Int(from), to: Int(to), step: Int(r["step"]?.number ?? 1))
            guard range.from <= range.to, range.step > 0 else {
                throw GrammarError("\(file): \(path).range is empty: 'from' must not exceed 'to' and 'step' must be positive")
            }
            range.type = r["type"]?.string ?? "number"
            range.multiplier = r["multiplier"]?.number
            range.digits = r["digits"]?.bool ?? true
            range.words = r["words"]?.bool ?? true
            range.wordsLanguage = r["words_language"]?.string
            if let f = r["fractions"]?.string {
                guard let fr = NumberRange.Fractions(rawValue: f) else {
                    throw GrammarError("\(file): \(path).range.fractions is '\(f)'", note: "use halves or tenths")
                }
                range.fractions = fr
            }
            return .range(range)
        }
        if body["wildcard"]?.bool == true { return .wildcard }
        throw GrammarError("\(file): \(path) is neither 'values', 'range' nor 'wildcard: true'")
    }
}

extension GrammarLoader {
    /// Reads a YAML locale pack in hassil's format; template errors point at the template's
    /// line and column in the file.
    public static func grammar(yaml text: String, file: String) throws -> IntentGrammar {
        let node: YAMLNode
        do { node = try YAML.parse(text, file: file) } catch let e as YAMLError {
            throw GrammarError(e.message, location: e.location, note: e.hint)
        }
        var locations: [String: SourceLocation] = [:]
        func collect(_ n: YAMLNode) {
            switch n {
            case .scalar(let s, _, _):
                if locations[s] == nil { locations[s] = n.textLocation }
            case .sequence(let items, _): items.forEach(collect)
            case .mapping(let pairs, _): pairs.forEach { collect($0.value) }
            }
        }
        collect(node)
        do {
            return try grammar(from: node.jsonValue, file: file) { locations[$0] }
        } catch var e as GrammarError {
            // Show the line of the file, not only the template, under the message.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if let loc = e.location, loc.file == file, loc.line >= 1, loc.line <= lines.count {
                e.sourceLine = String(lines[loc.line - 1])
                e.caretColumn = loc.column
            }
            throw e
        }
    }
}
