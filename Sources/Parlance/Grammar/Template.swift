import Foundation

/// One sentence template in hassil's syntax, parsed.
///
/// ```swift
/// let t = try Template("turn on [the] {area} light[s]")
/// print(t.dump())
/// ```
public struct Template: Hashable, Sendable {
    /// The template as written.
    public let text: String
    /// Where the template's first character stands in its file, when it came from one.
    public let location: SourceLocation?
    public let expression: TemplateExpression

    /// Parses `text`; syntax errors carry the location of the offending character.
    ///
    /// - Complexity: O(n · d) in the length of the template and its nesting depth.
    public init(_ text: String, location: SourceLocation? = nil) throws {
        self.text = text
        self.location = location
        expression = try TemplateParser(text: text, location: location).parseSentence()
    }

    /// The parsed tree, one node a line with its UTF-16 range, for tests and `--explain`.
    public func dump() -> String {
        var out = ""
        Self.dump(expression, indent: 0, into: &out)
        return out
    }

    private static func dump(_ e: TemplateExpression, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        let r = e.range
        let at = " \(r.lowerBound)..<\(r.upperBound)"
        switch e {
        case .text(let s, _):
            out += pad + "text \"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" + at + "\n"
        case .sequence(let items, _):
            out += pad + "sequence" + at + "\n"
            for i in items { dump(i, indent: indent + 1, into: &out) }
        case .alternative(let items, let optional, _):
            out += pad + (optional ? "optional" : "alternative") + at + "\n"
            for i in items { dump(i, indent: indent + 1, into: &out) }
        case .permutation(let items, _):
            out += pad + "permutation" + at + "\n"
            for i in items { dump(i, indent: indent + 1, into: &out) }
        case .list(let l, _):
            var s = pad + "list \(l.listName)"
            if l.slotName != l.listName || l.isCapture { s += " -> " + (l.isCapture ? "@" : "") + l.slotName }
            if !l.isEndOfWord { s += " (joined)" }
            out += s + at + "\n"
        case .rule(let name, _):
            out += pad + "rule <\(name)>" + at + "\n"
        }
    }
}

/// An error in a template, grammar or list, shown the way a compiler shows one:
///
/// ```
/// error: unbalanced '(' in template
///  --> Locales/de-DE/messaging.yaml:14:23
/// 14 |   - "schick (eine Nachricht an {recipients}"
///    |             ^ this group is never closed
/// ```
public struct GrammarError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    /// The line of source the caret points into (the template text when no file line is known).
    public var sourceLine: String?
    /// 1-based column of the caret in `sourceLine`.
    public var caretColumn: Int
    public var note: String?

    public init(_ message: String, location: SourceLocation? = nil, sourceLine: String? = nil,
                caretColumn: Int = 1, note: String? = nil) {
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
        self.caretColumn = caretColumn
        self.note = note
    }

    public var description: String {
        var s = "error: \(message)"
        if let l = location { s += "\n --> \(l)" }
        guard let line = sourceLine else { return s }
        let number = location.map { String($0.line) } ?? ""
        let gutter = String(repeating: " ", count: number.count)
        s += "\n\(number) | \(line)"
        let caretPad = String(line.prefix(max(0, caretColumn - 1)).map { $0 == "\t" ? "\t" : " " })
        s += "\n\(gutter) | \(caretPad)^" + (note.map { " " + $0 } ?? "")
        return s
    }
}
