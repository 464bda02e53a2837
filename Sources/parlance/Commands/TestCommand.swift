import Foundation
import Parlance

/// `parlance test`: runs intent test files against a grammar and reports pass rates, failures
/// and time per sentence.
struct TestCommand: Command {
    static let name = "test"
    static let abstract = "Run phrase tests: locale packs (Locales/), phrase-test files, or Home Assistant JSON Lines with --grammar"
    static let arguments = "TESTS..."
    static let options: [OptionSpec] = MatchSetup.options + [
        OptionSpec("--grammar", short: "g", valueName: "file",
                   help: "the grammar: a merged home-assistant-intents <lang>.json, or a YAML locale pack"),
        OptionSpec("--rounds", valueName: "n", help: "match each sentence n times and keep the fastest (default: 1)"),
        OptionSpec("--max-failures", valueName: "n", help: "failures listed per file (default: 20)"),
    ] + OutputFormat.option(formats)
    static let formats: [OutputFormat] = [.text, .json, .junit]
    static let discussion = """
        A TESTS path that is a folder or a .yaml file holds phrase tests (Locales/README.md): Locales/
        runs every pack's tests/, Locales/de-DE one pack's, and a folder of test files (or one file) runs
        them, each in the locale its 'language:' names, with the packs of --locales (else the built-in
        ones). Each is reported with its pass rate (intent, app and parameters right, and accepted), its
        routing rate (intent and app right, and accepted) and time per sentence.

        With --grammar, each line of a tests file is {"sentence", "intent", "slots", "slot_combination", "context",
        "vocab"}; the name, area and floor lists are built from "vocab". A case passes strictly when the
        best match has the intent, exactly the slots (a list means "any of") and the slot combination.
        Exits 1 when any case fails.
        """

    let grammar: String
    let files: [String]
    let format: OutputFormat
    let rounds: Int
    let maxFailures: Int

    let setup: MatchSetup

    init(_ a: ParsedArguments) throws {
        files = a.positionals
        setup = try MatchSetup(a)
        if let g = a.value("--grammar") {
            grammar = g
        } else if !files.isEmpty && files.allSatisfy({ PackTests.isPhraseTestPath($0) || !FileManager.default.fileExists(atPath: $0) }) {
            grammar = ""  // a missing path is reported by name when the tests run
        } else {
            throw CLIError("missing --grammar", hint: "parlance test --grammar en.json tests/en.jsonl, or parlance test Locales/")
        }
        format = try OutputFormat.from(a, allowed: Self.formats)
        rounds = Int(a.value("--rounds") ?? "1") ?? 0
        maxFailures = Int(a.value("--max-failures") ?? "20") ?? -1
    }

    func validate() throws {
        if files.isEmpty { throw CLIError("missing TESTS", hint: "name one or more .jsonl test files") }
        if rounds < 1 { throw CLIError("--rounds must be a positive number") }
        if maxFailures < 0 { throw CLIError("--max-failures must be a number") }
    }

    func run(_ console: Console) throws -> ExitCode {
        if grammar.isEmpty {
            return try PackTests.run(files, setup: setup, format: format, maxFailures: maxFailures, console: console)
        }
        let url = URL(fileURLWithPath: grammar)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw CLIError("cannot read grammar '\(grammar)'", code: .noInput)
        }
        let g: IntentGrammar
        do {
            if url.pathExtension == "yaml" || url.pathExtension == "yml" {
                g = try GrammarLoader.grammar(yaml: String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
            } else {
                g = try HomeAssistantIntents.load(contentsOf: url)
            }
        } catch let e as GrammarError {
            throw CLIError("\(e)".replacingOccurrences(of: "error: ", with: ""), code: .dataError)
        }
        let matcher = try TemplateMatcher(grammar: g)
        var reports: [IntentTestReport] = []
        for f in files {
            let u = URL(fileURLWithPath: f)
            guard FileManager.default.isReadableFile(atPath: u.path) else {
                throw CLIError("cannot read tests '\(f)'", code: .noInput)
            }
            let cases = try IntentTestCase.load(contentsOf: u)
            reports.append(try IntentTestReport.run(cases, matcher: matcher, file: f, rounds: rounds, keepingPasses: format == .junit))
        }
        if format == .junit {
            console.out(Self.junit(reports))
        } else if format == .json {
            var trimmed = reports
            for i in trimmed.indices { trimmed[i].failures = Array(trimmed[i].failures.prefix(maxFailures)) }
            console.out(try CommandSupport.json(trimmed.count == 1 ? AnyEncodable(trimmed[0]) : AnyEncodable(trimmed)))
        } else {
            for r in reports { console.out(Self.text(r, maxFailures: maxFailures)) }
        }
        return reports.allSatisfy { $0.passed == $0.total } ? .success : .findings
    }

    /// Every case of every file, passed or failed with expected and actual.
    static func junit(_ reports: [IntentTestReport]) -> String {
        JUnitXML.document(name: "parlance test", suites: reports.map { r in
            let passed = (r.passes ?? []).map {
                JUnitXML.Case(name: $0.sentence, classname: $0.source, seconds: $0.microseconds / 1_000_000, failure: nil)
            }
            let failed = r.failures.map { f in
                JUnitXML.Case(name: f.sentence, classname: f.source, seconds: f.microseconds.map { $0 / 1_000_000 },
                              failure: (f.verdict, f.actualIntent == f.expectedIntent ? "\(f.verdict): slots differ" : "expected \(f.expectedIntent), got \(f.actualIntent ?? "no match")",
                    "expected: \(f.expectedIntent) \(slotsText(f.expectedSlots)) (\(f.expectedSlotCombination ?? "-"))\n"
                    + "actual:   \(f.actualIntent ?? "no match") \(f.actualSlots.map(slotsText) ?? "") (\(f.actualSlotCombination ?? "-"))"))
            }
            return JUnitXML.Suite(name: r.file, cases: passed + failed)
        })
    }

    static func percent(_ n: Int, _ total: Int) -> String {
        String(format: "%.2f%%", total == 0 ? 100 : Double(n) * 100 / Double(total))
    }

    static func text(_ r: IntentTestReport, maxFailures: Int) -> String {
        var s = "\(r.file): \(r.passed)/\(r.total) passed (strict \(percent(r.passed, r.total)); "
            + "intent \(percent(r.intentPassed, r.total)); intent+slots \(percent(r.slotsPassed, r.total)))\n"
        s += String(format: "  time per sentence: mean %.1f µs, median %.1f µs, p99 %.1f µs\n",
                    r.meanMicroseconds, r.medianMicroseconds, r.p99Microseconds)
        for f in r.failures.prefix(maxFailures) {
            s += "  FAIL \(f.source) [\(f.verdict)] \(f.sentence.debugDescription)\n"
            s += "    expected: \(f.expectedIntent) \(slotsText(f.expectedSlots)) (\(f.expectedSlotCombination ?? "-"))\n"
            s += "    actual:   \(f.actualIntent ?? "no match") \(f.actualSlots.map(slotsText) ?? "") (\(f.actualSlotCombination ?? "-"))\n"
            if let t = f.template { s += "    template: \(t)\n" }
        }
        if r.failures.count > maxFailures { s += "  … and \(r.failures.count - maxFailures) more failures\n" }
        return s
    }

    static func slotsText(_ slots: [String: JSONValue]) -> String {
        "{" + slots.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }
}

/// Lets one JSON call encode either a single report or a list of them.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}
