/// Turns a file's bytes into text the way Apple's tools read `.strings` and plist files: a
/// UTF-8 or UTF-16 byte-order mark decides, UTF-16 without a mark is recognised by its zero
/// bytes, and anything else must be valid UTF-8.
///
/// Invalid input is an error naming the line and column of the first bad byte, never replaced
/// silently: a `�` in an app's display name is a bug the developer wants to hear about.
enum TextDecoding {
    /// Decodes `bytes`, returning the text (without its byte-order mark) and the encoding found.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func decode(_ bytes: [UInt8], file: String) throws -> (text: String, encoding: TextEncoding) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (try utf8(bytes[3...], file: file), .utf8)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return (try utf16(bytes[2...], bigEndian: false, file: file), .utf16LE) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (try utf16(bytes[2...], bigEndian: true, file: file), .utf16BE) }
        if let bigEndian = looksLikeUTF16(bytes) {
            return (try utf16(bytes[...], bigEndian: bigEndian, file: file), bigEndian ? .utf16BE : .utf16LE)
        }
        return (try utf8(bytes[...], file: file), .utf8)
    }

    /// UTF-16 without a byte-order mark: text files start with ASCII, so every other byte is 0.
    /// Returns whether it is big-endian, or nil if the bytes do not look like UTF-16.
    static func looksLikeUTF16(_ bytes: [UInt8]) -> Bool? {
        let n = min(bytes.count, 64) & ~1
        guard n >= 2 else { return nil }
        var zeroEven = 0, zeroOdd = 0
        for i in 0..<n where bytes[i] == 0 {
            if i % 2 == 0 { zeroEven += 1 } else { zeroOdd += 1 }
        }
        let pairs = n / 2
        if zeroOdd * 2 >= pairs && zeroEven == 0 { return false }
        if zeroEven * 2 >= pairs && zeroOdd == 0 { return true }
        return nil
    }

    static func utf8(_ bytes: ArraySlice<UInt8>, file: String) throws -> String {
        // Valid text (nearly always) takes the standard library's fast validation; only invalid
        // text is walked again to say where the bad byte is.
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        var it = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s):
                consumed += s.value < 0x80 ? 1 : s.value < 0x800 ? 2 : s.value < 0x10000 ? 3 : 4
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                let start = bytes.startIndex + consumed
                let (line, column) = LineCounter.position(ofByte: consumed, in: bytes)
                throw TextEncodingError.invalidUTF8(ErrorSite(file: file, line: line, column: column),
                                          byte: bytes[start])
            }
        }
    }

    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, file: String) throws -> String {
        let encoding: TextEncoding = bigEndian ? .utf16BE : .utf16LE
        guard bytes.count % 2 == 0 else {
            throw TextEncodingError.invalidUTF16(ErrorSite(file: file), encoding, detail: "odd number of bytes (\(bytes.count)); the file is cut short")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
            i += 2
        }
        var scalars = String.UnicodeScalarView()
        var counter = LineCounter()
        var decoder = UTF16()
        var it = units.makeIterator()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s):
                scalars.append(s)
                counter.advance(over: s)
            case .emptyInput:
                return String(scalars)
            case .error:
                throw TextEncodingError.invalidUTF16(ErrorSite(file: file, line: counter.line, column: counter.column), encoding,
                                           detail: "unpaired surrogate")
            }
        }
    }
}

/// The error of a file whose bytes are not text in the encoding it claims.
public enum TextEncodingError: LocatedError {
    case invalidUTF8(ErrorSite, byte: UInt8)
    case invalidUTF16(ErrorSite, TextEncoding, detail: String)

    public var site: ErrorSite {
        switch self {
        case .invalidUTF8(let s, _), .invalidUTF16(let s, _, _): return s
        }
    }

    public var message: String {
        switch self {
        case .invalidUTF8(_, let b):
            return "invalid UTF-8: byte 0x\(String(b, radix: 16, uppercase: true)) cannot start or continue a character here"
        case .invalidUTF16(_, let e, let d): return "invalid \(e.rawValue): \(d)"
        }
    }

    public var hint: String {
        "save the file as UTF-8 (or UTF-16 with a byte-order mark), e.g. `iconv -f <old> -t UTF-8`, "
            + "or `plutil -convert` for Xcode files"
    }
}

/// The encodings Apple's text files come in.
public enum TextEncoding: String, Sendable { case utf8 = "UTF-8", utf16LE = "UTF-16LE", utf16BE = "UTF-16BE" }

