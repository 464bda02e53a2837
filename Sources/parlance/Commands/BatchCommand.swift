import Foundation
import Parlance
import ParlanceText

/// `parlance batch`: JSON Lines in, JSON Lines out, in input order, on every core.
///
/// Input lines are read in chunks; each chunk is matched in parallel and written before the next
/// is read, so memory stays flat however long the input is.
struct BatchCommand: Command {
    static let name = "batch"
    static let abstract = "Match JSON Lines ({\"utterance\", \"locale\", \"id\"}) from a file or standard input on every core"
    static let arguments = "[FILE]"
    static let options: [OptionSpec] = MatchSetup.options + OutputFormat.option([.json, .text], default: .json) + [
        OptionSpec("--jobs", short: "j", valueName: "n", help: "threads (default: the number of cores)"),
        OptionSpec("--top", valueName: "n", help: "readings per line (default: 1)"),
        OptionSpec("--chunk", valueName: "n", help: "lines matched together before writing (default: 256)"),
    ]
    static let discussion = """
        Reads FILE, or standard input when there is none (or it is -). Each output line is {"id",
        "utterance", "locale", "interpretations"} in the shape of `match --json`, or {"id", "line",
        "error"} for a line that could not be read or matched. With --format text, each line is
        tab-separated: id, locale, intent, app, score, and accepted / not accepted / error: message, one
        line per reading (--top), tabs and line breaks in ids and messages written as \t and \n.
        A line without "locale" uses --locale. Output keeps input order; exits 1 if a line failed.
        """

    let setup: MatchSetup
    let jobs: Int
    let top: Int
    let chunk: Int
    let input: String?
    let format: OutputFormat

    init(_ a: ParsedArguments) throws {
        setup = try MatchSetup(a)
        guard let j = Int(a.value("--jobs") ?? String(ProcessInfo.processInfo.activeProcessorCount)), j >= 1 else {
            throw CLIError("--jobs takes a whole number from 1")
        }
        guard let t = Int(a.value("--top") ?? "1"), t >= 1 else { throw CLIError("--top takes a whole number from 1") }
        guard let c = Int(a.value("--chunk") ?? "256"), c >= 1 else { throw CLIError("--chunk takes a whole number from 1") }
        guard a.positionals.count <= 1 else {
            throw CLIError("unexpected argument '\(a.positionals[1])'", hint: "batch reads one JSON Lines file, or standard input")
        }
        input = a.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        format = try OutputFormat.from(a, allowed: [.json, .text], default: .json)
        jobs = j
        top = t
        chunk = c
    }

    struct Line: Decodable {
        var utterance: String
        var locale: String?
        var id: JSONValue?
    }

    func run(_ console: Console) throws -> ExitCode {
        var file: UnsafeMutablePointer<FILE>?
        if let path = input {
            guard !PackTests.isDirectory(path), let f = fopen(path, "r") else {
                throw CLIError("cannot read '\(path)'", hint: PackTests.isDirectory(path) ? "it is a folder: give a JSON Lines file" : nil, code: .noInput)
            }
            file = f
        }
        defer { if let f = file { fclose(f) } }
        let matcher = try setup.matcher()
        var lineNumber = 0
        var pending: [(Int, String)] = []
        var failures = 0
        func flush() {
            let results = Self.process(pending, matcher: matcher, defaultLocale: setup.locale, top: top, jobs: jobs, format: format)
            for r in results {
                console.out(r.text)
                if r.failed { failures += 1 }
            }
            pending.removeAll(keepingCapacity: true)
        }
        while let line = file.map({ Self.readLine(from: $0) }) ?? Swift.readLine(strippingNewline: true) {
            lineNumber += 1
            if line.allSatisfy(\.isWhitespace) { continue }
            pending.append((lineNumber, line))
            if pending.count >= chunk { flush() }
        }
        flush()
        return failures == 0 ? .success : .findings
    }

    struct Output {
        var text: String
        var failed: Bool
    }

    /// Matches `lines` on `jobs` threads and returns their output lines in input order.
    static func process(_ lines: [(Int, String)], matcher: Matcher, defaultLocale: LocaleID, top: Int, jobs: Int,
                        format: OutputFormat = .json) -> [Output] {
        ParallelMap.map(count: lines.count, jobs: jobs) { i in
            one(lines[i], matcher: matcher, defaultLocale: defaultLocale, top: top, format: format)
        }
    }

    /// One line of a file, without its line break; nil at the end.
    static func readLine(from file: UnsafeMutablePointer<FILE>) -> String? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let n = getline(&buffer, &capacity, file)
        guard n >= 0, let b = buffer else { return nil }
        var line = String(decoding: UnsafeRawBufferPointer(start: b, count: n), as: UTF8.self)
        if line.hasSuffix("\n") { line.removeLast() }
        return line
    }

    static func one(_ line: (Int, String), matcher: Matcher, defaultLocale: LocaleID, top: Int, format: OutputFormat = .json) -> Output {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func failure(_ message: String, id: JSONValue?) -> Output {
            if format == .text {
                return Output(text: Self.row([id.map(text) ?? "-", "-", "-", "-", "-", "error: line \(line.0): " + message]), failed: true)
            }
            var o: [String: JSONValue] = ["line": .number(Double(line.0)), "error": .string(message)]
            if let id { o["id"] = id }
            let data = (try? encoder.encode(JSONValue.object(o))) ?? Data("{}".utf8)
            return Output(text: String(decoding: data, as: UTF8.self), failed: true)
        }
        guard let parsed = try? JSONDecoder().decode(Line.self, from: Data(line.1.utf8)) else {
            return failure("not a JSON object with a string \"utterance\"", id: nil)
        }
        do {
            let locale = try parsed.locale.map { try LocaleID($0) } ?? defaultLocale
            let result = try matcher.match(parsed.utterance, locale: locale, top: top)
            if format == .text {
                let rows = result.interpretations.isEmpty ? [nil] : result.interpretations.map { Optional($0) }
                return Output(text: rows.map { i in
                    Self.row([parsed.id.map(text) ?? "-", result.locale.identifier, i?.intent ?? "-", i?.app?.bundleIdentifier ?? "-",
                              i.map { String(format: "%.3f", $0.score) } ?? "-", i?.accepted == true ? "accepted" : "not accepted"])
                }.joined(separator: "\n"), failed: false)
            }
            let record = BatchRecord(id: parsed.id, utterance: result.utterance, locale: result.locale, interpretations: result.interpretations)
            return Output(text: String(decoding: try encoder.encode(record), as: UTF8.self), failed: false)
        } catch {
            return failure("\(error)", id: parsed.id)
        }
    }

    /// One tab-separated line; a tab or line break inside a field is written as `\t`, `\n`, `\r`.
    static func row(_ fields: [String]) -> String {
        fields.map { f in
            f.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        }.joined(separator: "\t")
    }

    /// An id as text: a string as it is, anything else as JSON.
    static func text(_ id: JSONValue) -> String {
        if let s = id.string { return s }
        return (try? JSONEncoder().encode(id)).map { String(decoding: $0, as: UTF8.self) } ?? "-"
    }

    struct BatchRecord: Encodable {
        var id: JSONValue?
        var utterance: String
        var locale: LocaleID
        var interpretations: [Interpretation]
    }
}
