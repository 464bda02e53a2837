import Foundation
import Parlance
import ParlanceText

/// `parlance test Locales/` (or a pack folder, or phrase-test files): runs phrase tests with the
/// built-in (or given) apps and user vocabulary, and reports per pack or per file.
enum PackTests {
    struct Report: Encodable {
        var locale: String
        /// The phrase-test file, for tests written apart from a pack; nil for a pack's own tests.
        var file: String?
        var total: Int
        /// Right intent, app, parameters, and accepted.
        var passed: Int
        /// Right intent and app, accepted, whatever the parameters.
        var routed: Int
        var meanMicroseconds: Double
        var medianMicroseconds: Double
        var p99Microseconds: Double
        var failures: [PackTestRun.Outcome]
    }

    /// What one path holds.
    enum Target {
        /// `Locales/` (every pack) or one pack's folder (`Locales/de-DE`).
        case packs(root: String, only: LocaleID?)
        /// Phrase-test files with a `language:`, run with the packs in `packs` (the pack they
        /// belong to, for a pack's own `tests/`), else those of `--locales` or the built-in ones.
        case files([String], packs: String?)
    }

    /// Whether `path` is a folder (of packs, a pack, or test files) or a phrase-test file, rather
    /// than a Home Assistant JSON Lines file.
    static func isPhraseTestPath(_ path: String) -> Bool {
        isDirectory(path) || path.hasSuffix(".yaml") || path.hasSuffix(".yml")
    }

    /// The `Locales/` folder holding `folder` when it is a locale pack (`Locales/de-DE`), else nil.
    static func packsRoot(ofPack folder: String) -> String? {
        guard (try? LocaleID(PathText(folder).lastComponent)) != nil, isDirectory(folder) else { return nil }
        let parent = PathText(folder).deletingLastComponent
        return parent.isEmpty ? "." : parent
    }

    static func target(_ path: String) throws -> Target {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard FileManager.default.fileExists(atPath: trimmed) else {
            throw CLIError("no such file or folder '\(path)'", code: .noInput)
        }
        // A pack's own tests (`Locales/de-DE/tests`, or a file in it) run with that pack.
        let testsFolder = isDirectory(trimmed) ? trimmed : PathText(trimmed).deletingLastComponent
        let ownPack = PathText(testsFolder).lastComponent == "tests" ? packsRoot(ofPack: PathText(testsFolder).deletingLastComponent) : nil
        guard isDirectory(trimmed) else { return .files([trimmed], packs: ownPack) }
        if ownPack == nil, let root = packsRoot(ofPack: trimmed) {
            return .packs(root: root, only: try LocaleID(PathText(trimmed).lastComponent))
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: trimmed)) ?? []).sorted()
        if ownPack != nil || !names.contains(where: { (try? LocaleID($0)) != nil && isDirectory(trimmed + "/" + $0) }) {
            let files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { trimmed + "/" + $0 }
            guard !files.isEmpty else {
                throw CLIError("no phrase tests in '\(path)'", hint: "give Locales/, a pack folder, or .yaml phrase-test files", code: .noInput)
            }
            return .files(files, packs: ownPack)
        }
        return .packs(root: trimmed, only: nil)
    }

    static func isDirectory(_ path: String) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
    }

    static func run(_ paths: [String], setup: MatchSetup, format: OutputFormat, maxFailures: Int, console: Console) throws -> ExitCode {
        var runs: [(report: Report, outcomes: [PackTestRun.Outcome])] = []
        func add(_ run: PackTestRun, file: String?) {
            let t = TimeSummary(run.outcomes.map(\.microseconds))
            runs.append((Report(locale: run.locale.identifier, file: file, total: run.total, passed: run.passed, routed: run.routed,
                                meanMicroseconds: t.mean, medianMicroseconds: t.median, p99Microseconds: t.p99,
                                failures: run.outcomes.filter { !$0.passed }), run.outcomes))
        }
        var filesMatcher: Matcher?
        for target in try paths.map(target) {
            switch target {
            case .packs(let root, let only):
                var s = setup
                s.localesOverride = root
                let matcher = try s.matcher()
                for l in only.map({ [$0] }) ?? matcher.locales { add(try PackTestRun.run(matcher, locale: l), file: nil) }
            case .files(let files, let packs):
                let matcher: Matcher
                if let packs {
                    var s = setup
                    s.localesOverride = packs
                    matcher = try s.matcher()
                } else {
                    if filesMatcher == nil { filesMatcher = try setup.matcher() }
                    matcher = filesMatcher!
                }
                for file in files {
                    let (language, tests) = try PhraseTest.loadFile(file)
                    guard let language else {
                        throw CLIError("'\(file)' does not say its locale", hint: "add 'language: <locale>' at its top", code: .dataError)
                    }
                    add(try PackTestRun.run(matcher, locale: try LocaleID(language), tests: tests), file: file)
                }
            }
        }
        let reports = runs.map(\.report)
        switch format {
        case .json:
            console.out(try CommandSupport.json(reports))
        case .junit:
            console.out(JUnitXML.document(name: "parlance test", suites: runs.map { run in
                JUnitXML.Suite(name: run.report.file ?? run.report.locale, cases: run.outcomes.map { o in
                    JUnitXML.Case(name: o.sentence, classname: "\(o.file):\(o.line)", seconds: o.microseconds / 1_000_000,
                                  failure: o.passed ? nil : ("mismatch", o.problems.first ?? "", o.problems.joined(separator: "\n")))
                })
            }))
        default:
            for r in reports {
                console.out((r.file.map { "\($0) (\(r.locale))" } ?? r.locale)
                            + ": \(r.passed)/\(r.total) passed (\(TestCommand.percent(r.passed, r.total))); "
                            + "routed \(TestCommand.percent(r.routed, r.total)); "
                            + String(format: "mean %.0f µs, median %.0f µs, p99 %.0f µs", r.meanMicroseconds, r.medianMicroseconds, r.p99Microseconds))
                for f in r.failures.prefix(maxFailures) {
                    console.out("  \(f.file):\(f.line): \"\(f.sentence)\"")
                    for p in f.problems { console.out("      \(p)") }
                }
                if r.failures.count > maxFailures { console.out("  … and \(r.failures.count - maxFailures) more") }
            }
        }
        return reports.allSatisfy { $0.passed == $0.total } ? .success : .findings
    }
}
