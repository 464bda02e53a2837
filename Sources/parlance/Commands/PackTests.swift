import Foundation
import Parlance
import ParlanceText

/// `parlance test Locales/` (or a pack folder): runs locale packs' phrase tests with the
/// built-in (or given) apps and user vocabulary, and reports per pack.
enum PackTests {
    struct Report: Encodable {
        var locale: String
        var total: Int
        var passed: Int
        var meanMicroseconds: Double
        var medianMicroseconds: Double
        var p99Microseconds: Double
        var failures: [PackTestRun.Outcome]
    }

    /// Whether `path` is a folder of locale packs or one pack (rather than a JSON Lines file).
    static func isPackPath(_ path: String) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
    }

    static func run(_ paths: [String], setup: MatchSetup, format: OutputFormat, maxFailures: Int, console: Console) throws -> ExitCode {
        var reports: [Report] = []
        for path in paths {
            let root = URL(fileURLWithPath: path)
            // A single pack folder (`Locales/de-DE`) or the folder of packs (`Locales`).
            let isOnePack = (try? LocaleID(root.lastPathComponent)) != nil && FileManager.default.fileExists(atPath: root.appendingPathComponent("tests").path)
            let locales = isOnePack ? root.deletingLastPathComponent().path : path
            var s = setup
            s.localesOverride = locales
            let matcher = try s.matcher()
            let wanted = isOnePack ? [try LocaleID(root.lastPathComponent)] : matcher.locales
            for l in wanted {
                let run = try PackTestRun.run(matcher, locale: l)
                let times = run.outcomes.map(\.microseconds).sorted()
                func pct(_ p: Double) -> Double { times.isEmpty ? 0 : times[min(times.count - 1, Int(Double(times.count - 1) * p + 0.5))] }
                reports.append(Report(locale: l.identifier, total: run.total, passed: run.passed,
                                      meanMicroseconds: times.reduce(0, +) / Double(max(times.count, 1)),
                                      medianMicroseconds: pct(0.5), p99Microseconds: pct(0.99),
                                      failures: run.outcomes.filter { !$0.passed }))
            }
        }
        if format == .json {
            console.out(try CommandSupport.json(reports))
        } else {
            for r in reports {
                console.out("\(r.locale): \(r.passed)/\(r.total) passed (\(TestCommand.percent(r.passed, r.total))); "
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
