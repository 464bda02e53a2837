/// Why a YAML or JSON document (user vocabulary, domain schemas, String Catalogs) does not have
/// the shape its format needs. Syntax errors come from `YAMLError`; this is what comes after.
public enum DocumentError: LocatedError, Equatable {
    /// The YAML or JSON itself is malformed (libyaml's message), or has a duplicate key.
    case syntax(ErrorSite, detail: String, hint: String)
    case wrongType(ErrorSite, what: String, expected: String)
    case missingKey(ErrorSite, key: String, in: String)
    case unknownKey(ErrorSite, key: String, allowed: [String])
    case invalidValue(ErrorSite, detail: String, hint: String)

    public var site: ErrorSite {
        switch self {
        case .syntax(let s, _, _), .wrongType(let s, _, _), .missingKey(let s, _, _), .unknownKey(let s, _, _),
             .invalidValue(let s, _, _):
            return s
        }
    }

    public var message: String {
        switch self {
        case .syntax(_, let d, _): return d
        case .wrongType(_, let w, let e): return "\(w) must be \(e)"
        case .missingKey(_, let k, let w): return "\(w) has no '\(k)'"
        case .unknownKey(_, let k, _): return "unknown key '\(k)'"
        case .invalidValue(_, let d, _): return d
        }
    }

    public var hint: String {
        switch self {
        case .syntax(_, _, let h): return h
        case .wrongType(_, _, let e): return "write it as \(e)"
        case .missingKey(_, let k, _): return "add '\(k)'"
        case .unknownKey(_, let k, let allowed):
            if let near = NearestName.closest(to: k, in: allowed) { return "did you mean '\(near)'?" }
            return "use one of: " + allowed.joined(separator: ", ")
        case .invalidValue(_, _, let h): return h
        }
    }
}

extension YAMLNode {
    /// Parses YAML (or JSON, which libyaml reads as YAML) into a tree, reporting syntax errors as
    /// `DocumentError.syntax` so that each loader throws one error type.
    static func document(_ text: String, file: String) throws -> YAMLNode {
        do {
            return try YAML.parse(text, file: file)
        } catch let e as YAMLError {
            throw DocumentError.syntax(ErrorSite(e.location), detail: e.message,
                                       hint: e.hint ?? "check the syntax on this line")
        }
    }

    var site: ErrorSite { ErrorSite(location) }

    var kindName: String {
        switch self {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    func mapping(_ what: String) throws -> [(key: YAMLNode, value: YAMLNode)] {
        guard let m = mapping else { throw DocumentError.wrongType(site, what: what, expected: "a mapping of keys to values") }
        return m
    }

    func sequence(_ what: String) throws -> [YAMLNode] {
        guard let s = sequence else { throw DocumentError.wrongType(site, what: what, expected: "a list") }
        return s
    }

    func text(_ what: String) throws -> String {
        guard let s = string, !isNull else { throw DocumentError.wrongType(site, what: what, expected: "a string") }
        return s
    }

    /// The mapping's pairs with string keys, after checking every key is one of `allowed`.
    func fields(_ what: String, allowed: [String]) throws -> [String: YAMLNode] {
        var out: [String: YAMLNode] = [:]
        for (k, v) in try mapping(what) {
            let key = try k.text("a key in \(what)")
            guard allowed.contains(key) else { throw DocumentError.unknownKey(k.site, key: key, allowed: allowed) }
            out[key] = v
        }
        return out
    }
}

/// Near-miss suggestions for unknown names ("did you mean …?").
public enum NearestName {
    /// The candidate nearest to `word` by edit distance, if near enough to be a typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, d) = scored, d <= max(2, word.count / 3) else { return nil }
        return best
    }

    /// Levenshtein distance of two strings' characters.
    public static func distance(_ a: String, _ b: String) -> Int { EditDistance.levenshtein(Array(a), Array(b)) }
}
