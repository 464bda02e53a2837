import Foundation

/// A property list as Apple's tools write it (XML or binary), as a tree whose every node knows
/// its key path and, for XML, its line and column.
///
/// ```swift
/// let plist = try PropertyList.load(path)
/// let name = try plist.optional("CFBundleDisplayName")?.string()   // throws if it is not a string
/// ```
public struct PropertyList: Sendable, CustomStringConvertible {
    public indirect enum Value: Sendable {
        case string(String)
        case integer(Int64)
        case real(Double)
        case bool(Bool)
        case date(Double)
        case data([UInt8])
        case array([PropertyList])
        /// Pairs in file order; keys are unique (the readers reject duplicates).
        case dictionary([(key: String, value: PropertyList)])
    }

    public var value: Value
    /// The file and key path, plus line and column for XML (nil in binary plists).
    public var site: ErrorSite

    public init(_ value: Value, site: ErrorSite) {
        self.value = value
        self.site = site
    }

    /// The element name Apple's XML uses for this kind of value (`string`, `dict`, …).
    public var kind: String {
        switch value {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .bool(let b): return b ? "true" : "false"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dict"
        }
    }

    public var description: String {
        switch value {
        case .string(let s): return s.debugDescription
        case .integer(let i): return String(i)
        case .real(let d): return String(d)
        case .bool(let b): return String(b)
        case .date(let d): return "date(\(d))"
        case .data(let d): return "<\(d.count) bytes>"
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let d): return "{" + d.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// Reads an XML or binary property list, deciding by its first bytes.
    ///
    /// - Complexity: O(n) in the file size.
    public static func load(_ path: String, displayPath: String? = nil) throws -> PropertyList {
        let shown = displayPath ?? path
        return try parse(try FileBytes.read(path, shown: shown), file: shown)
    }

    /// Parses bytes that hold an XML or binary property list.
    public static func parse(_ bytes: [UInt8], file: String) throws -> PropertyList {
        if bytes.starts(with: Array("bplist".utf8)) {
            var reader = BinaryPropertyListReader(bytes: bytes, file: file)
            return try reader.read()
        }
        let (text, _) = try TextDecoding.decode(bytes, file: file)
        var parser = XMLPropertyListParser(text: text, file: file)
        return try parser.parse()
    }
}

// MARK: - Typed access

extension PropertyList {
    /// Path of a child: `Parent.key` or `Parent[3]`.
    static func childPath(_ parent: String?, key: String) -> String {
        guard let p = parent, !p.isEmpty else { return key }
        return p + "." + key
    }

    static func childPath(_ parent: String?, index: Int) -> String { (parent ?? "") + "[\(index)]" }

    func wrongType(_ expected: String) -> PropertyListError {
        .wrongType(site, expected: expected, found: kind)
    }

    public func string() throws -> String {
        if case .string(let s) = value { return s }
        throw wrongType("string")
    }

    public func bool() throws -> Bool {
        if case .bool(let b) = value { return b }
        throw wrongType("true/ or false/")
    }

    public func integer() throws -> Int64 {
        if case .integer(let i) = value { return i }
        throw wrongType("integer")
    }

    public func array() throws -> [PropertyList] {
        if case .array(let a) = value { return a }
        throw wrongType("array")
    }

    public func dictionary() throws -> [(key: String, value: PropertyList)] {
        if case .dictionary(let d) = value { return d }
        throw wrongType("dict")
    }

    /// The value for `key`, or nil when absent. Throws if this node is not a dictionary.
    public func optional(_ key: String) throws -> PropertyList? {
        try dictionary().first { $0.key == key }?.value
    }

    /// The value for `key`; throws `missingKey` when absent.
    public func required(_ key: String) throws -> PropertyList {
        guard let v = try optional(key) else { throw PropertyListError.missingKey(site, key: key) }
        return v
    }

    /// An array of strings, or a lone string taken as a one-element array.
    public func strings() throws -> [String] {
        if case .string(let s) = value { return [s] }
        return try array().map { try $0.string() }
    }
}

/// Why a property list could not be read.
public enum PropertyListError: LocatedError, Equatable {
    /// The XML is not well formed: `detail` says what was found.
    case malformedXML(ErrorSite, detail: String, hint: String)
    /// A binary plist's structure is broken: offsets outside the file, cycles, bad markers.
    case corruptBinary(ErrorSite, detail: String)
    case duplicateKey(ErrorSite, key: String, firstLine: Int?)
    case wrongType(ErrorSite, expected: String, found: String)
    case missingKey(ErrorSite, key: String)
    case unreadable(ErrorSite, detail: String)

    public var site: ErrorSite {
        switch self {
        case .malformedXML(let s, _, _), .corruptBinary(let s, _), .duplicateKey(let s, _, _),
             .wrongType(let s, _, _), .missingKey(let s, _), .unreadable(let s, _):
            return s
        }
    }

    public var message: String {
        switch self {
        case .malformedXML(_, let d, _): return "malformed property list: \(d)"
        case .corruptBinary(_, let d): return "corrupt binary property list: \(d)"
        case .duplicateKey(_, let k, let first):
            return "duplicate key '\(k)'" + (first.map { " (first at line \($0))" } ?? "")
        case .wrongType(_, let e, let f): return "expected <\(e)>, found <\(f)>"
        case .missingKey(_, let k): return "missing key '\(k)'"
        case .unreadable(_, let d): return "cannot read the file: \(d)"
        }
    }

    public var hint: String {
        switch self {
        case .malformedXML(_, _, let h): return h
        case .corruptBinary:
            return "the file is truncated or damaged; re-export it from Xcode or run `plutil -convert xml1` on a good copy"
        case .duplicateKey: return "keep one of the two entries: Apple's tools silently use only one"
        case .wrongType(_, let e, _): return "write this value as <\(e)> as Apple documents the key"
        case .missingKey(_, let k): return "add <key>\(k)</key> with its value"
        case .unreadable: return "check that the path exists and is readable"
        }
    }
}

/// Reads whole files, turning I/O failures into located errors.
enum FileBytes {
    static func read(_ path: String, shown: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PropertyListError.unreadable(ErrorSite(file: shown), detail: "no such file or not readable")
        }
        return [UInt8](data)
    }

    /// The file's text (UTF-8 or UTF-16, see `TextDecoding`) and the name messages show for it.
    static func readText(_ path: String, shown: String?) throws -> (text: String, shown: String) {
        let name = shown ?? path
        return (try TextDecoding.decode(try read(path, shown: name), file: name).text, name)
    }
}
