/// A `.strings` file (`InfoPlist.strings`, `Intents.strings`): `"key" = "value";` pairs in UTF-8 or
/// UTF-16, with `/* */` and `//` comments, unquoted keys and values, C escapes and `\U1234`.
///
/// ```swift
/// let s = try StringsFile.load("ru.lproj/InfoPlist.strings")
/// s["CFBundleDisplayName"]?.value          // "Шагомер"
/// ```
public struct StringsFile: Sendable {
    public struct Entry: Sendable {
        public var key: String
        public var value: String
        /// Where the key starts.
        public var location: SourceLocation
    }

    public var file: String
    public var encoding: TextEncoding
    public var entries: [Entry]
    private var index: [String: Int]

    public subscript(key: String) -> Entry? { index[key].map { entries[$0] } }

    /// Reads a `.strings` file.
    ///
    /// - Complexity: O(n) in the file size.
    public static func load(_ path: String, displayPath: String? = nil) throws -> StringsFile {
        let shown = displayPath ?? path
        return try parse(try FileBytes.read(path, shown: shown), file: shown)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws -> StringsFile {
        let (text, encoding) = try TextDecoding.decode(bytes, file: file)
        var scanner = Scanner(scalars: Array(text.unicodeScalars), file: file)
        var entries: [Entry] = []
        var index: [String: Int] = [:]
        while let entry = try scanner.entry() {
            if let first = index[entry.key] {
                throw StringsFileError.duplicateKey(ErrorSite(entry.location), key: entry.key, firstLine: entries[first].location.line)
            }
            index[entry.key] = entries.count
            entries.append(entry)
        }
        return StringsFile(file: file, encoding: encoding, entries: entries, index: index)
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var pos = 0
        var counter = LineCounter()

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var here: SourceLocation { SourceLocation(file: file, line: counter.line, column: counter.column) }
        var current: Unicode.Scalar? { pos < scalars.count ? scalars[pos] : nil }

        mutating func bump() {
            counter.advance(over: scalars[pos])
            pos += 1
        }

        mutating func skipTrivia() throws {
            while let c = current {
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" {
                    bump()
                } else if c == "/", pos + 1 < scalars.count, scalars[pos + 1] == "*" {
                    let start = here
                    bump(); bump()
                    while true {
                        guard let d = current else { throw StringsFileError.unterminatedComment(ErrorSite(start)) }
                        bump()
                        if d == "*", current == "/" { bump(); break }
                    }
                } else if c == "/", pos + 1 < scalars.count, scalars[pos + 1] == "/" {
                    while let d = current, d != "\n", d != "\r" { bump() }
                } else {
                    return
                }
            }
        }

        mutating func entry() throws -> Entry? {
            try skipTrivia()
            guard current != nil else { return nil }
            let location = here
            let key = try token(what: "a key")
            try skipTrivia()
            if current == ";" {
                // `"key";` is the old shorthand for a value equal to its key.
                bump()
                return Entry(key: key, value: key, location: location)
            }
            guard current == "=" else { throw unexpected(expected: "'=' after the key") }
            bump()
            try skipTrivia()
            let value = try token(what: "a value")
            try skipTrivia()
            guard current == ";" else { throw unexpected(expected: "';' after the value") }
            bump()
            return Entry(key: key, value: value, location: location)
        }

        func unexpected(expected: String) -> StringsFileError {
            .unexpected(ErrorSite(here), expected: expected, found: current.map { "'\(Character($0))'" } ?? "the end of the file")
        }

        static func isUnquoted(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || c.properties.numericType != nil || "_.-$:/".unicodeScalars.contains(c)
        }

        mutating func token(what: String) throws -> String {
            guard let c = current else { throw unexpected(expected: what) }
            if c == "\"" { return try quoted() }
            guard Self.isUnquoted(c) else { throw unexpected(expected: "\(what) (a quoted string)") }
            var s = String.UnicodeScalarView()
            while let d = current, Self.isUnquoted(d) {
                s.append(d)
                bump()
            }
            return String(s)
        }

        mutating func quoted() throws -> String {
            let start = here
            bump()
            var s = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            var pendingSite = ErrorSite(start)
            while true {
                guard let c = current else { throw StringsFileError.unterminatedString(ErrorSite(start)) }
                if pendingHigh != nil, c != "\\" {
                    throw StringsFileError.invalidEscape(pendingSite, detail: "a high surrogate escape is not followed by a low one")
                }
                if c == "\"" { bump(); break }
                if c != "\\" {
                    s.append(c)
                    bump()
                    continue
                }
                let escapeAt = here
                bump()
                guard let e = current else { throw StringsFileError.unterminatedString(ErrorSite(start)) }
                bump()
                switch e {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "a": s.append("\u{07}")
                case "b": s.append("\u{08}")
                case "f": s.append("\u{0C}")
                case "v": s.append("\u{0B}")
                case "0"..."7":
                    var v = e.value - 0x30
                    for _ in 0..<2 {
                        guard let d = current, ("0"..."7").contains(d) else { break }
                        v = v * 8 + d.value - 0x30
                        bump()
                    }
                    s.append(Unicode.Scalar(v)!)
                case "U", "u":
                    var v: UInt32 = 0
                    for _ in 0..<4 {
                        guard let d = current, let h = Character(d).hexDigitValue else {
                            throw StringsFileError.invalidEscape(ErrorSite(escapeAt), detail: "\\\(e) needs four hexadecimal digits")
                        }
                        v = v * 16 + UInt32(h)
                        bump()
                    }
                    if (0xD800..<0xDC00).contains(v), pendingHigh == nil {
                        pendingHigh = v
                        pendingSite = ErrorSite(escapeAt)
                        continue
                    }
                    if (0xDC00..<0xE000).contains(v), let high = pendingHigh {
                        v = 0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(v) else {
                        throw StringsFileError.invalidEscape(ErrorSite(escapeAt), detail: "\\\(e) escape of an unpaired surrogate")
                    }
                    s.append(scalar)
                default:
                    // `\"`, `\\`, `\'` and any other escaped character stand for themselves.
                    s.append(e)
                }
                if pendingHigh != nil, !(e == "U" || e == "u") {
                    throw StringsFileError.invalidEscape(pendingSite, detail: "a high surrogate escape is not followed by a low one")
                }
                pendingHigh = nil
            }
            return String(s)
        }
    }
}

/// Why a `.strings` file could not be read.
public enum StringsFileError: LocatedError, Equatable {
    case unterminatedString(ErrorSite)
    case unterminatedComment(ErrorSite)
    case unexpected(ErrorSite, expected: String, found: String)
    case invalidEscape(ErrorSite, detail: String)
    case duplicateKey(ErrorSite, key: String, firstLine: Int)

    public var site: ErrorSite {
        switch self {
        case .unterminatedString(let s), .unterminatedComment(let s), .unexpected(let s, _, _),
             .invalidEscape(let s, _), .duplicateKey(let s, _, _):
            return s
        }
    }

    public var message: String {
        switch self {
        case .unterminatedString: return "unterminated string: the quote opened here is never closed"
        case .unterminatedComment: return "unterminated comment: the '/*' here is never closed"
        case .unexpected(_, let e, let f): return "expected \(e), found \(f)"
        case .invalidEscape(_, let d): return "invalid escape: \(d)"
        case .duplicateKey(_, let k, let first): return "duplicate key \"\(k)\" (first at line \(first))"
        }
    }

    public var hint: String {
        switch self {
        case .unterminatedString: return "close the string with '\"'; write a quote inside a string as \\\""
        case .unterminatedComment: return "close the comment with '*/'"
        case .unexpected: return "each entry reads \"key\" = \"value\"; and ends with a semicolon"
        case .invalidEscape: return "write a character as \\U followed by four hex digits (\\U00E9), or type it directly"
        case .duplicateKey: return "remove one of the two entries: only one of them would be used"
        }
    }
}
