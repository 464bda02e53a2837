import Foundation

/// Exit codes, documented in `parlance --help` and the README (they follow BSD's sysexits).
public struct ExitCode: Equatable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public static let success = ExitCode(rawValue: 0)
    /// The command ran and found problems: failed phrase tests, lint errors, no accepted reading.
    public static let findings = ExitCode(rawValue: 1)
    /// The command line is wrong: unknown command or option, missing or malformed value.
    public static let usage = ExitCode(rawValue: 64)
    /// An input file is malformed (the message names file, line and column).
    public static let dataError = ExitCode(rawValue: 65)
    /// An input file or folder does not exist or cannot be read.
    public static let noInput = ExitCode(rawValue: 66)
    /// Something Parlance should have handled went wrong.
    public static let software = ExitCode(rawValue: 70)
    public var description: String { String(rawValue) }
}

/// An error the CLI shows as one line (plus an optional hint) and maps to an exit code.
public struct CLIError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var hint: String?
    public var code: ExitCode
    public init(_ message: String, hint: String? = nil, code: ExitCode = .usage) {
        self.message = message
        self.hint = hint
        self.code = code
    }
    public var description: String { "error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "") }
}

/// Where a command writes. Tests capture it; the real CLI writes to stdout and stderr.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private var outBuffer: [String]?
    private var errBuffer: [String]?

    /// A console that writes to the process's standard output and error.
    public init() {}

    /// A console that collects what is written, for tests.
    public static func capturing() -> Console {
        let c = Console()
        c.outBuffer = []
        c.errBuffer = []
        return c
    }

    public func out(_ s: String) {
        lock.lock()
        defer { lock.unlock() }
        if outBuffer != nil { outBuffer!.append(s) } else { FileHandle.standardOutput.write(Data((s + "\n").utf8)) }
    }

    public func err(_ s: String) {
        lock.lock()
        defer { lock.unlock() }
        if errBuffer != nil { errBuffer!.append(s) } else { FileHandle.standardError.write(Data((s + "\n").utf8)) }
    }

    public var capturedOutput: String { lock.withLock { (outBuffer ?? []).map { $0 + "\n" }.joined() } }
    public var capturedErrors: String { lock.withLock { (errBuffer ?? []).map { $0 + "\n" }.joined() } }
}

/// One option a command accepts.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable { case flag, value, repeatedValue }
    public var name: String
    public var short: Character?
    public var kind: Kind
    public var valueName: String
    public var help: String
    public init(_ name: String, short: Character? = nil, _ kind: Kind = .value, valueName: String = "value", help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.valueName = valueName
        self.help = help
    }
}

/// The parsed command line of one command.
public struct ParsedArguments: Sendable {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A subcommand, in the shape of swift-argument-parser's: parse, `validate()` (checks that need
/// no I/O), then `run()`.
public protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// Positional arguments as shown in the usage line, e.g. `"UTTERANCE"` or `"PATH..."`.
    static var arguments: String { get }
    static var options: [OptionSpec] { get }
    static var discussion: String { get }
    init(_ arguments: ParsedArguments) throws
    func validate() throws
    func run(_ console: Console) throws -> ExitCode
}

extension Command {
    public static var discussion: String { "" }
    public func validate() throws {}
}

/// Output formats shared by the commands (`--format`, with `--json` as shorthand).
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, junit, sarif

    public static func option(_ allowed: [OutputFormat], default: OutputFormat = .text) -> [OptionSpec] {
        [OptionSpec("--format", valueName: "format",
                    help: "output format: " + allowed.map(\.rawValue).joined(separator: ", ") + " (default: \(`default`.rawValue))"),
         OptionSpec("--json", .flag, help: "shorthand for --format json")]
    }

    public static func from(_ a: ParsedArguments, allowed: [OutputFormat], default: OutputFormat = .text) throws -> OutputFormat {
        if a.flag("--json") { return .json }
        guard let v = a.value("--format") else { return `default` }
        guard let f = OutputFormat(rawValue: v), allowed.contains(f) else {
            throw CLIError("unknown format '\(v)'", hint: "use one of: " + allowed.map(\.rawValue).joined(separator: ", "))
        }
        return f
    }
}
