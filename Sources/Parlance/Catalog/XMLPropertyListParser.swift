import Foundation

/// A recursive-descent reader for Apple's XML property list format (the DTD's `plist`, `dict`,
/// `array`, `key`, `string`, `integer`, `real`, `true`, `false`, `date`, `data`), written so that
/// every error and every value carries its line and column.
///
/// Foundation's `PropertyListSerialization` gives no positions, which is why this exists. It
/// reads comments, processing instructions, the DOCTYPE, CDATA sections, the five predefined
/// entities and character references; anything else is an error, not a guess.
struct XMLPropertyListParser {
    private let bytes: [UInt8]
    private let file: String
    private var pos = 0
    private var line = 1
    private var lineStart = 0
    private static let maxDepth = 512

    init(text: String, file: String) {
        bytes = Array(text.utf8)
        self.file = file
    }

    /// - Complexity: O(n) in the size of the text.
    mutating func parse() throws -> PropertyList {
        try skipMisc()
        guard let open = try readTag() else { throw fail("the file is empty or holds no element", hint: "a plist starts with <plist version=\"1.0\">") }
        let root: PropertyList
        if open.name == "plist" {
            if open.selfClosing { throw fail("<plist/> holds no value", at: open.site, hint: "put a <dict> inside <plist>") }
            try skipMisc()
            guard let inner = try readTag() else { throw eof("</plist>") }
            root = try value(for: inner, path: nil, depth: 0)
            try skipMisc()
            try expectClose("plist")
        } else {
            root = try value(for: open, path: nil, depth: 0)
        }
        try skipMisc()
        if pos < bytes.count {
            throw fail("text after the end of the property list", hint: "remove everything after </plist>")
        }
        return root
    }

    // MARK: - Values

    private mutating func value(for tag: Tag, path: String?, depth: Int) throws -> PropertyList {
        guard depth < Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth) levels", at: tag.site, hint: "flatten the structure") }
        var site = tag.site
        site.keyPath = path
        switch tag.name {
        case "dict":
            if tag.selfClosing { return PropertyList(.dictionary([]), site: site) }
            var pairs: [(key: String, value: PropertyList)] = []
            var seen: [String: Int] = [:]
            while true {
                try skipMisc()
                if try closes("dict") { break }
                guard let keyTag = try readTag() else { throw eof("</dict>") }
                guard keyTag.name == "key" else {
                    throw fail("expected <key> inside <dict>, found <\(keyTag.name)>", at: keyTag.site,
                               hint: "every value in a <dict> follows its own <key>…</key>")
                }
                let key = keyTag.selfClosing ? "" : try text(until: "key")
                if let first = seen[key] {
                    var s = keyTag.site
                    s.keyPath = PropertyList.childPath(path, key: key)
                    throw PropertyListError.duplicateKey(s, key: key, firstLine: first)
                }
                seen[key] = keyTag.site.line
                try skipMisc()
                guard let valueTag = try readTag() else { throw eof("a value for key '\(key)'") }
                if valueTag.name == "key" {
                    throw fail("key '\(key)' has no value", at: valueTag.site, hint: "add a value after <key>\(key)</key>")
                }
                pairs.append((key, try value(for: valueTag, path: PropertyList.childPath(path, key: key), depth: depth + 1)))
            }
            return PropertyList(.dictionary(pairs), site: site)
        case "array":
            if tag.selfClosing { return PropertyList(.array([]), site: site) }
            var items: [PropertyList] = []
            while true {
                try skipMisc()
                if try closes("array") { break }
                guard let t = try readTag() else { throw eof("</array>") }
                items.append(try value(for: t, path: PropertyList.childPath(path, index: items.count), depth: depth + 1))
            }
            return PropertyList(.array(items), site: site)
        case "string":
            return PropertyList(.string(tag.selfClosing ? "" : try text(until: "string")), site: site)
        case "true", "false":
            if !tag.selfClosing { try expectClose(tag.name) }
            return PropertyList(.bool(tag.name == "true"), site: site)
        case "integer":
            let t = tag.selfClosing ? "" : try text(until: "integer").trimmingCharacters(in: .whitespacesAndNewlines)
            guard let i = Self.integer(t) else {
                throw fail("'\(t)' is not an integer", at: tag.site, hint: "write a whole number such as <integer>42</integer>")
            }
            return PropertyList(.integer(i), site: site)
        case "real":
            let t = tag.selfClosing ? "" : try text(until: "real").trimmingCharacters(in: .whitespacesAndNewlines)
            guard let d = Double(t) ?? (t == "nan" ? .nan : t == "+infinity" ? .infinity : t == "-infinity" ? -.infinity : nil) else {
                throw fail("'\(t)' is not a real number", at: tag.site, hint: "write a number such as <real>1.5</real>")
            }
            return PropertyList(.real(d), site: site)
        case "date":
            let t = tag.selfClosing ? "" : try text(until: "date").trimmingCharacters(in: .whitespacesAndNewlines)
            guard let d = ISO8601DateFormatter().date(from: t) else {
                throw fail("'\(t)' is not a date", at: tag.site, hint: "write an ISO 8601 UTC date such as 2024-05-01T12:00:00Z")
            }
            return PropertyList(.date(d.timeIntervalSinceReferenceDate), site: site)
        case "data":
            let t = tag.selfClosing ? "" : try text(until: "data").filter { !$0.isWhitespace }
            guard let d = Data(base64Encoded: t) else {
                throw fail("the <data> is not valid base64", at: tag.site, hint: "encode the bytes with base64")
            }
            return PropertyList(.data([UInt8](d)), site: site)
        case "key":
            throw fail("<key> outside a <dict>", at: tag.site, hint: "keys belong inside <dict>…</dict>")
        default:
            throw fail("unknown element <\(tag.name)>", at: tag.site,
                       hint: "property lists use dict, array, key, string, integer, real, true, false, date and data")
        }
    }

    static func integer(_ t: String) -> Int64? {
        if t.hasPrefix("0x") || t.hasPrefix("0X") { return Int64(t.dropFirst(2), radix: 16) }
        if t.hasPrefix("-0x") { return Int64(t.dropFirst(3), radix: 16).map { -$0 } }
        return Int64(t)
    }

    // MARK: - Markup

    private struct Tag {
        var name: String
        var selfClosing: Bool
        var site: ErrorSite
    }

    private func here(_ at: Int? = nil) -> ErrorSite {
        let p = at ?? pos
        var column = 1
        var i = lineStart
        while i < p && i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return ErrorSite(file: file, line: line, column: column)
    }

    private func fail(_ detail: String, at site: ErrorSite? = nil, hint: String) -> PropertyListError {
        .malformedXML(site ?? here(), detail: detail, hint: hint)
    }

    private func eof(_ expected: String) -> PropertyListError {
        fail("the file ends where \(expected) was expected", hint: "the file is cut short or an element is not closed")
    }

    private mutating func bump() {
        if bytes[pos] == UInt8(ascii: "\n") {
            line += 1
            lineStart = pos + 1
        }
        pos += 1
    }

    private func peek(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return pos + u.count <= bytes.count && bytes[pos..<pos + u.count].elementsEqual(u)
    }

    private mutating func skip(past terminator: String, what: String) throws {
        let start = here()
        while pos < bytes.count {
            if peek(terminator) {
                for _ in 0..<terminator.utf8.count { bump() }
                return
            }
            bump()
        }
        throw fail("\(what) is never closed", at: start, hint: "close it with '\(terminator)'")
    }

    /// Skips whitespace, comments, processing instructions and the DOCTYPE.
    private mutating func skipMisc() throws {
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                bump()
            } else if peek("<!--") {
                try skip(past: "-->", what: "comment")
            } else if peek("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if peek("<!DOCTYPE") {
                try skip(past: ">", what: "DOCTYPE")
            } else {
                return
            }
        }
    }

    /// Reads `<name attr="…">` or `<name/>`; nil at the end of input.
    private mutating func readTag() throws -> Tag? {
        guard pos < bytes.count else { return nil }
        let site = here()
        guard bytes[pos] == UInt8(ascii: "<") else {
            throw fail("expected an element, found text", hint: "text belongs inside <string>…</string>; escape '<' and '&' as &lt; and &amp;")
        }
        if peek("</") {
            throw fail("unexpected closing tag", hint: "this closes an element that is not open; check the nesting above")
        }
        bump()
        let nameStart = pos
        while pos < bytes.count, Self.isNameByte(bytes[pos]) { bump() }
        let name = String(decoding: bytes[nameStart..<pos], as: UTF8.self)
        guard !name.isEmpty else { throw fail("'<' does not start an element", at: site, hint: "write '<' in text as &lt;") }
        while pos < bytes.count, bytes[pos] != UInt8(ascii: ">") {
            if bytes[pos] == UInt8(ascii: "\"") || bytes[pos] == UInt8(ascii: "'") {
                let q = bytes[pos]
                bump()
                while pos < bytes.count, bytes[pos] != q { bump() }
            }
            if pos < bytes.count { bump() }
        }
        guard pos < bytes.count else { throw fail("<\(name) is never closed with '>'", at: site, hint: "finish the tag with '>'") }
        let selfClosing = pos > 0 && bytes[pos - 1] == UInt8(ascii: "/")
        bump()
        return Tag(name: name, selfClosing: selfClosing, site: site)
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F || b == 0x3A
    }

    private mutating func closes(_ name: String) throws -> Bool {
        guard peek("</") else { return false }
        try expectClose(name)
        return true
    }

    private mutating func expectClose(_ name: String) throws {
        let site = here()
        guard peek("</\(name)") else {
            if peek("</") {
                throw fail("expected </\(name)>, found another closing tag", at: site, hint: "close <\(name)> before the element around it")
            }
            throw fail("expected </\(name)>", at: site, hint: "close <\(name)> with </\(name)>")
        }
        for _ in 0..<(name.utf8.count + 2) { bump() }
        while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x09 { bump() }
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ">") else {
            throw fail("</\(name) is never closed with '>'", at: site, hint: "finish the tag with '>'")
        }
        bump()
    }

    /// Character data up to `</name>`, with entities and CDATA resolved.
    private mutating func text(until name: String) throws -> String {
        var out: [UInt8] = []
        while true {
            guard pos < bytes.count else { throw eof("</\(name)>") }
            let b = bytes[pos]
            if b == UInt8(ascii: "<") {
                if peek("<![CDATA[") {
                    for _ in 0..<9 { bump() }
                    let start = pos
                    try skip(past: "]]>", what: "CDATA section")
                    out.append(contentsOf: bytes[start..<(pos - 3)])
                    continue
                }
                if peek("<!--") {
                    try skip(past: "-->", what: "comment")
                    continue
                }
                try expectClose(name)
                return String(decoding: out, as: UTF8.self)
            }
            if b == UInt8(ascii: "&") {
                out.append(contentsOf: try entity())
                continue
            }
            out.append(b)
            bump()
        }
    }

    private mutating func entity() throws -> [UInt8] {
        let site = here()
        var j = pos + 1
        while j < bytes.count, j - pos < 12, bytes[j] != UInt8(ascii: ";") { j += 1 }
        guard j < bytes.count, bytes[j] == UInt8(ascii: ";") else {
            throw fail("'&' does not start an entity", at: site, hint: "write a literal '&' as &amp;")
        }
        let name = String(decoding: bytes[(pos + 1)..<j], as: UTF8.self)
        var scalar: Unicode.Scalar?
        switch name {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            }
        }
        guard let s = scalar else {
            throw fail("unknown entity '&\(name);'", at: site, hint: "use &amp; &lt; &gt; &quot; &apos; or a character reference such as &#x263A;")
        }
        while pos <= j { bump() }
        return Array(String(s).utf8)
    }
}
