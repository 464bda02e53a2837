import Foundation
import ParlanceText

/// Recursive descent over a template, chunking it exactly as hassil's `parse_expression` does:
/// a word runs up to the next delimiter or up to the first non-space after a space (so it keeps
/// its trailing spaces), `|` makes the enclosing group an alternative, `;` a permutation.
struct TemplateParser {
    /// Deeper nesting is refused rather than risk the stack.
    static let maxDepth = 100

    let scalars: [Unicode.Scalar]
    /// UTF-16 offset of every scalar, plus one past the end.
    let utf16: [Int]
    let text: String
    let location: SourceLocation?

    init(text: String, location: SourceLocation?) {
        self.text = text
        self.location = location
        scalars = Array(text.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var o = 0
        for s in scalars {
            offsets.append(o)
            o += s.utf16.count
        }
        offsets.append(o)
        utf16 = offsets
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }
    static let closers: [Unicode.Scalar: Unicode.Scalar] = ["(": ")", "[": "]", "{": "}", "<": ">"]
    static let names: [Unicode.Scalar: String] = ["(": "group", "[": "optional", "{": "list reference", "<": "rule reference"]

    func parseSentence() throws -> TemplateExpression {
        var lo = 0, hi = scalars.count
        while lo < hi, Self.isSpace(scalars[lo]) { lo += 1 }
        while hi > lo, Self.isSpace(scalars[hi - 1]) { hi -= 1 }
        if lo == hi { throw error("empty template", at: 0, note: "write at least one word, list or rule") }
        let group = try parseGroup(lo, hi, opener: "(", depth: 0)
        if case .sequence(let items, _) = group, items.count == 1 {
            switch items[0] {
            case .sequence, .alternative, .permutation: return items[0]
            default: break
            }
        }
        return group
    }

    func error(_ message: String, at index: Int, note: String? = nil) -> GrammarError {
        var loc = location
        let column = utf16[min(index, utf16.count - 1)] + 1
        if loc != nil { loc!.column += column - 1 }
        return GrammarError(message, location: loc, sourceLine: text, caretColumn: column, note: note)
    }

    /// The index just past the delimiter that closes the one at `open`, honouring escapes.
    func endOfDelimited(_ open: Int, upTo hi: Int) throws -> Int {
        let opener = scalars[open], closer = Self.closers[opener]!
        var depth = 1, i = open + 1
        while i < hi {
            let c = scalars[i]
            if c == "\\" { i += 2; continue }
            if c == closer {
                depth -= 1
                if depth == 0 { return i + 1 }
            } else if c == opener {
                depth += 1
            }
            i += 1
        }
        throw error("unbalanced '\(opener)' in template", at: open, note: "this \(Self.names[opener]!) is never closed")
    }

    /// hassil's `_find_end_word`.
    func endOfWord(_ start: Int, upTo hi: Int) -> Int {
        var i = start, separator = false
        while i < hi {
            let c = scalars[i]
            if c == "\\" { i += 2; continue }
            if i > start && c == " " { separator = true; i += 1; continue }
            if separator && c != " " { return i }
            if c == "|" || c == ";" || Self.closers[c] != nil || ")]}>".unicodeScalars.contains(c) { return i }
            i += 1
        }
        return min(i, hi)
    }

    func unescaped(_ lo: Int, _ hi: Int) -> String {
        var s = String.UnicodeScalarView()
        var i = lo
        while i < hi {
            if scalars[i] == "\\" && i + 1 < hi { i += 1 }
            s.append(scalars[i])
            i += 1
        }
        return String(s)
    }

    private enum GroupKind { case sequence, alternative, permutation }

    /// Parses the inside of a group or optional spanning `lo..<hi` (delimiters excluded).
    func parseGroup(_ lo: Int, _ hi: Int, opener: Unicode.Scalar, depth: Int) throws -> TemplateExpression {
        if depth > Self.maxDepth {
            throw error("template nested deeper than \(Self.maxDepth) levels", at: max(lo - 1, 0),
                        note: "simplify the nesting of groups and optionals")
        }
        var kind = GroupKind.sequence
        var branches: [[TemplateExpression]] = [[]]
        var branchStarts = [lo]
        var i = lo
        while i < hi {
            let c = scalars[i]
            var item: TemplateExpression?
            var end = i + 1
            switch c {
            case "(", "[":
                end = try endOfDelimited(i, upTo: hi)
                let inner = try parseGroup(i + 1, end - 1, opener: c, depth: depth + 1)
                item = c == "(" ? inner : optional(inner, range: utf16[i]..<utf16[end])
            case "{", "<":
                end = try endOfDelimited(i, upTo: hi)
                let body = unescaped(i + 1, end - 1)
                if body.isEmpty { throw error("empty \(Self.names[c]!)", at: i, note: "name a \(c == "{" ? "list" : "rule") here") }
                let r = utf16[i]..<utf16[end]
                if c == "{" {
                    item = .list(ListReference(body, isEndOfWord: end < hi && Self.isSpace(scalars[end])), range: r)
                } else {
                    item = .rule(body, range: r)
                }
            case "|", ";":
                let k: GroupKind = c == "|" ? .alternative : .permutation
                if kind != .sequence && kind != k {
                    throw error("'|' and ';' mixed in one group", at: i, note: "put the alternatives in their own group")
                }
                kind = k
                branches.append([])
                branchStarts.append(i + 1)
            case ")", "]", "}", ">":
                throw error("unbalanced '\(c)' in template", at: i, note: "nothing opens this")
            default:
                end = endOfWord(i, upTo: hi)
                item = .text(Self.normalize(unescaped(i, end)), range: utf16[i]..<utf16[end])
            }
            if let item { branches[branches.count - 1].append(item) }
            i = end
        }
        let range = utf16[max(lo - 1, 0)]..<utf16[min(hi + 1, utf16.count - 1)]
        func seq(_ b: Int) -> TemplateExpression {
            let end = b + 1 < branchStarts.count ? branchStarts[b + 1] - 1 : hi
            return .sequence(branches[b], range: utf16[branchStarts[b]]..<utf16[end])
        }
        switch kind {
        case .sequence:
            return .sequence(branches[0], range: range)
        case .alternative:
            return .alternative(branches.indices.map(seq), optional: false, range: range)
        case .permutation:
            // hassil pads every item with spaces so that the items read as separate words.
            let items = branches.indices.map { b -> TemplateExpression in
                guard case .sequence(let inner, let r) = seq(b) else { fatalError() }
                let pad = TemplateExpression.text(" ", range: r.lowerBound..<r.lowerBound)
                return .sequence([pad] + inner + [.text(" ", range: r.upperBound..<r.upperBound)], range: r)
            }
            return .permutation(items, range: range)
        }
    }

    /// `[x]` is `(x|)`: an alternative with an empty branch.
    func optional(_ inner: TemplateExpression, range: Range<Int>) -> TemplateExpression {
        let empty = TemplateExpression.text("", range: range.upperBound..<range.upperBound)
        if case .alternative(let items, _, _) = inner { return .alternative(items + [empty], optional: true, range: range) }
        return .alternative([inner, empty], optional: true, range: range)
    }

    /// hassil's `normalize_text`: whitespace runs to one space, NFC, `’` to `'`.
    static func normalize(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var lastSpace = false
        for u in Normalization.nfc(s).unicodeScalars {
            if u.properties.isWhitespace {
                if !lastSpace { out.append(" ") }
                lastSpace = true
                continue
            }
            lastSpace = false
            out.append(u == "\u{2019}" ? "'" : u)
        }
        return String(out)
    }
}
