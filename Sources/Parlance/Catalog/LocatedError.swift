/// Where a loader found a problem: a file, and inside it a line and column (text formats) or a
/// key path (property lists, whose binary form has no lines).
public struct ErrorSite: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// `NSExtension.NSExtensionAttributes.IntentsSupported[2]`, or nil.
    public var keyPath: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    public init(_ location: SourceLocation, keyPath: String? = nil) {
        self.init(file: location.file, line: location.line, column: location.column, keyPath: keyPath)
    }

    /// `file:line:column`, as compilers print it, so editors can jump to it.
    public var description: String {
        var s = file
        if let l = line {
            s += ":\(l)"
            if let c = column { s += ":\(c)" }
        }
        return s
    }
}

/// An error from one of the catalog's loaders. Every loader has its own enum conforming to this;
/// they all render the same way:
///
/// ```
/// Vocabulary/Apps/Loon.app/Info.plist:12:5: error: expected <string> for key 'CFBundleName', found <integer> (at CFBundleName)
///   hint: write the name as <string>…</string>
/// ```
public protocol LocatedError: Error, CustomStringConvertible, Sendable {
    var site: ErrorSite { get }
    /// What is wrong, in one line.
    var message: String { get }
    /// How to fix it.
    var hint: String { get }
}

extension LocatedError {
    public var description: String {
        var s = "\(site): error: \(message)"
        if let k = site.keyPath, !k.isEmpty { s += " (at \(k))" }
        return s + "\n  hint: \(hint)"
    }
}

/// Counts lines and columns while a text is scanned, for error positions.
///
/// Columns count Unicode scalars from 1, as most editors do; a CR LF pair ends one line.
struct LineCounter {
    private(set) var line = 1
    private(set) var column = 1
    private var lastWasCR = false

    mutating func advance(over scalar: Unicode.Scalar) {
        switch scalar {
        case "\n":
            if !lastWasCR { line += 1 }
            column = 1
            lastWasCR = false
        case "\r":
            line += 1
            column = 1
            lastWasCR = true
        default:
            column += 1
            lastWasCR = false
        }
    }

    /// The 1-based line and column of UTF-8 byte `offset` in `bytes`.
    ///
    /// - Complexity: O(offset); meant for error paths only.
    static func position(ofByte offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var counter = LineCounter()
        var i = 0
        for b in bytes {
            if i >= offset { break }
            i += 1
            // Continuation bytes belong to the scalar already counted.
            if b & 0xC0 == 0x80 { continue }
            counter.advance(over: Unicode.Scalar(b < 0x80 ? b : 0x41))
        }
        return (counter.line, counter.column)
    }
}
