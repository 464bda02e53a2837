import CYAML

/// A place in a source file, 1-based, as editors and compilers show it.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
    public var description: String { "\(file):\(line):\(column)" }
}

/// A YAML document as a tree whose every node knows where it stands in the file.
///
/// Read with libyaml's event parser; anchors and aliases are resolved, duplicate mapping keys are
/// an error (YAML 1.2 forbids them and they silently lose data), and scalars keep their style so
/// that `"yes"` stays a string.
public indirect enum YAMLNode: Sendable, CustomStringConvertible {
    case scalar(String, SourceLocation, plain: Bool)
    case sequence([YAMLNode], SourceLocation)
    case mapping([(key: YAMLNode, value: YAMLNode)], SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .scalar(_, let l, _), .sequence(_, let l), .mapping(_, let l): return l
        }
    }

    /// Where the node's text starts: for a quoted scalar, past the opening quote, so that
    /// positions inside the text (a template's syntax error) count from its first character.
    public var textLocation: SourceLocation {
        guard case .scalar(_, var l, let plain) = self else { return location }
        if !plain { l.column += 1 }
        return l
    }

    public var description: String {
        switch self {
        case .scalar(let s, _, _): return s.debugDescription
        case .sequence(let a, _): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .mapping(let m, _): return "{" + m.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// The scalar's text, or nil for collections.
    public var string: String? {
        if case .scalar(let s, _, _) = self { return s }
        return nil
    }

    /// A plain `null`, `~` or empty scalar.
    public var isNull: Bool {
        if case .scalar(let s, _, let plain) = self { return plain && (s.isEmpty || s == "null" || s == "~" || s == "Null" || s == "NULL") }
        return false
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let a, _) = self { return a }
        return nil
    }

    public var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let m, _) = self { return m }
        return nil
    }

    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// A plain scalar read as YAML's core schema reads it: true/false, integers, floats.
    public var bool: Bool? {
        guard case .scalar(let s, _, let plain) = self, plain else { return nil }
        switch s {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    public var int: Int? {
        guard case .scalar(let s, _, let plain) = self, plain else { return nil }
        return Int(s.replacingOccurrencesOfUnderscore())
    }

    public var double: Double? {
        guard case .scalar(let s, _, let plain) = self, plain else { return nil }
        return Double(s)
    }
}

extension String {
    fileprivate func replacingOccurrencesOfUnderscore() -> String { filter { $0 != "_" } }
}

/// A YAML file that could not be read, with where and why.
public struct YAMLError: Error, CustomStringConvertible, Sendable {
    public var location: SourceLocation
    public var message: String
    public var hint: String?
    public var description: String {
        "\(location): error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}

public enum YAML {
    /// Deeper nesting than this is refused rather than risk the stack.
    public static let maxDepth = 256
    /// More alias expansions than this (a "billion laughs" document) is refused.
    public static let maxAliasNodes = 1_000_000

    /// Parses the first document of `text`.
    ///
    /// - Complexity: O(n) in the size of the text, plus the size of resolved aliases.
    public static func parse(_ text: String, file: String) throws -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(location: SourceLocation(file: file, line: 1, column: 1), message: "libyaml could not start")
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buf -> YAMLNode in
            yaml_parser_set_input_string(&parser, buf.baseAddress, buf.count)
            var reader = EventReader(parser: &parser, file: file)
            return try reader.document()
        }
    }

    private struct EventReader {
        var parser: UnsafeMutablePointer<yaml_parser_t>
        let file: String
        var anchors: [String: YAMLNode] = [:]
        var aliasNodes = 0

        init(parser: UnsafeMutablePointer<yaml_parser_t>, file: String) {
            self.parser = parser
            self.file = file
        }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        mutating func next() throws -> yaml_event_t {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else {
                let p = parser.pointee
                let problem = p.problem.map { String(cString: $0) } ?? "malformed YAML"
                let context = p.context.map { String(cString: $0) }
                throw YAMLError(
                    location: location(p.problem_mark),
                    message: context.map { "\(problem) (\($0))" } ?? problem,
                    hint: "check the indentation and quoting on this line; a ':' or '#' inside a value needs quotes")
            }
            return event
        }

        mutating func document() throws -> YAMLNode {
            while true {
                var e = try next()
                defer { yaml_event_delete(&e) }
                switch e.type {
                case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT: continue
                case YAML_STREAM_END_EVENT:
                    return .scalar("", SourceLocation(file: file, line: 1, column: 1), plain: true)
                default:
                    return try node(from: &e, depth: 0)
                }
            }
        }

        mutating func node(from e: inout yaml_event_t, depth: Int) throws -> YAMLNode {
            let loc = location(e.start_mark)
            guard depth < YAML.maxDepth else {
                throw YAMLError(location: loc, message: "nesting deeper than \(YAML.maxDepth) levels")
            }
            switch e.type {
            case YAML_SCALAR_EVENT:
                let s = e.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
                let n = YAMLNode.scalar(text, loc, plain: s.style == YAML_PLAIN_SCALAR_STYLE)
                register(anchor: s.anchor, n)
                return n
            case YAML_ALIAS_EVENT:
                let name = String(cString: e.data.alias.anchor)
                guard let n = anchors[name] else {
                    throw YAMLError(location: loc, message: "alias '*\(name)' refers to no anchor", hint: "define '&\(name)' before using it")
                }
                aliasNodes += n.count
                guard aliasNodes <= YAML.maxAliasNodes else {
                    throw YAMLError(location: loc, message: "aliases expand to more than \(YAML.maxAliasNodes) nodes")
                }
                return n
            case YAML_SEQUENCE_START_EVENT:
                let anchor = e.data.sequence_start.anchor.map { String(cString: $0) }
                var items: [YAMLNode] = []
                while true {
                    var c = try next()
                    defer { yaml_event_delete(&c) }
                    if c.type == YAML_SEQUENCE_END_EVENT { break }
                    items.append(try node(from: &c, depth: depth + 1))
                }
                let n = YAMLNode.sequence(items, loc)
                if let a = anchor { anchors[a] = n }
                return n
            case YAML_MAPPING_START_EVENT:
                let anchor = e.data.mapping_start.anchor.map { String(cString: $0) }
                var pairs: [(key: YAMLNode, value: YAMLNode)] = []
                var seen: [String: SourceLocation] = [:]
                while true {
                    var k = try next()
                    defer { yaml_event_delete(&k) }
                    if k.type == YAML_MAPPING_END_EVENT { break }
                    let key = try node(from: &k, depth: depth + 1)
                    var v = try next()
                    defer { yaml_event_delete(&v) }
                    let value = try node(from: &v, depth: depth + 1)
                    if let ks = key.string {
                        if ks == "<<", key.isPlainScalar {
                            // Merge keys: `<<: *defaults` copies the anchored mapping's pairs.
                            for p in value.mapping ?? [] where !pairs.contains(where: { $0.key.string == p.key.string }) {
                                pairs.append(p)
                            }
                            continue
                        }
                        if let first = seen[ks] {
                            throw YAMLError(location: key.location, message: "duplicate key '\(ks)' (first at line \(first.line))",
                                            hint: "merge the two entries or remove one; YAML keeps only one of them")
                        }
                        seen[ks] = key.location
                    }
                    pairs.append((key, value))
                }
                let n = YAMLNode.mapping(pairs, loc)
                if let a = anchor { anchors[a] = n }
                return n
            default:
                throw YAMLError(location: loc, message: "unexpected YAML event")
            }
        }

        mutating func register(anchor: UnsafeMutablePointer<yaml_char_t>?, _ n: YAMLNode) {
            if let a = anchor { anchors[String(cString: a)] = n }
        }
    }
}

extension YAMLNode {
    var isPlainScalar: Bool {
        if case .scalar(_, _, let plain) = self { return plain }
        return false
    }

    /// The number of nodes in this tree (for the alias-expansion limit).
    var count: Int {
        switch self {
        case .scalar: return 1
        case .sequence(let a, _): return 1 + a.reduce(0) { $0 + $1.count }
        case .mapping(let m, _): return 1 + m.reduce(0) { $0 + $1.key.count + $1.value.count }
        }
    }
}
