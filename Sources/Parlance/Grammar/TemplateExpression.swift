/// The parsed form of a template in hassil's syntax, before compilation.
///
/// Ranges are UTF-16 offsets into the template text. Literal text is kept as hassil keeps it:
/// a word with its trailing spaces (`"turn "`, `"on "`), whitespace collapsed, NFC, typographic
/// apostrophes made ASCII; case is left alone (matching ignores it).
public indirect enum TemplateExpression: Hashable, Sendable {
    /// Literal text; empty for the empty branch of an optional.
    case text(String, range: Range<Int>)
    /// Items that all match, in order.
    case sequence([TemplateExpression], range: Range<Int>)
    /// Exactly one item matches; `[x]` is an optional alternative `(x|)`.
    case alternative([TemplateExpression], optional: Bool, range: Range<Int>)
    /// `(a; b; c)`: every item matches once, in any order (items are padded with spaces).
    case permutation([TemplateExpression], range: Range<Int>)
    /// `{list}`, `{list:slot}`, `{list:@capture}`, `{@capture}`, `{1..10:slot}`.
    case list(ListReference, range: Range<Int>)
    /// `<rule>`: an expansion rule, inlined at compile time by reference (never copied).
    case rule(String, range: Range<Int>)

    public var range: Range<Int> {
        switch self {
        case .text(_, let r), .sequence(_, let r), .alternative(_, _, let r), .permutation(_, let r),
             .list(_, let r), .rule(_, let r): return r
        }
    }

    /// The list references in this expression (not following rules).
    public var listReferences: [ListReference] {
        switch self {
        case .list(let l, _): return [l]
        case .sequence(let items, _), .alternative(let items, _, _), .permutation(let items, _):
            return items.flatMap(\.listReferences)
        case .text, .rule: return []
        }
    }

    /// hassil's count of literal text chunks (used to order wildcard templates).
    public var textChunkCount: Int {
        switch self {
        case .text: return 1
        case .sequence(let items, _), .alternative(let items, _, _), .permutation(let items, _):
            return items.reduce(0) { $0 + $1.textChunkCount }
        case .list, .rule: return 0
        }
    }
}

/// A reference to a slot list: which list, which slot it fills, and how.
public struct ListReference: Hashable, Sendable {
    /// The list's name (`cover_classes` in `{cover_classes:device_class}`).
    public var listName: String
    /// The slot the value goes into (`device_class`); the list name when none is given.
    public var slotName: String
    /// `{list:@name}`: the text is captured for responses, not returned as a slot.
    public var isCapture: Bool
    /// Whether whitespace follows the reference in the template (a wildcard then ends at a word).
    public var isEndOfWord: Bool
    /// `{1..10:slot}` or `{0..100,5:slot}`: an inline number range.
    public var inlineRange: (from: Int, to: Int, step: Int)? {
        let parts = listName.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty, let from = Int(parts[0]) else { return nil }
        let tail = parts[2].split(separator: ",")
        guard let to = tail.first.flatMap({ Int($0) }) else { return nil }
        let step = tail.count > 1 ? Int(tail[1]) ?? 1 : 1
        return (from, to, step)
    }

    /// Parses the text between the braces, as hassil does.
    public init(_ body: String, isEndOfWord: Bool = true) {
        self.isEndOfWord = isEndOfWord
        if let colon = body.firstIndex(of: ":") {
            listName = String(body[..<colon])
            var slot = String(body[body.index(after: colon)...])
            isCapture = slot.hasPrefix("@")
            if isCapture { slot.removeFirst() }
            slotName = slot
        } else if body.hasPrefix("@") {
            listName = String(body.dropFirst())
            slotName = listName
            isCapture = true
        } else {
            listName = body
            slotName = body
            isCapture = false
        }
    }
}
