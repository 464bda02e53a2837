import Foundation
import Parlance
import ParlanceText

/// `parlance explain`: `match`, with the trace of how the reading was reached.
struct ExplainCommand: Command {
    static let name = "explain"
    static let abstract = "Show why an utterance is read as it is: tokens, keys, candidates, scores"
    static let arguments = "UTTERANCE"
    static let options: [OptionSpec] = MatchSetup.options + OutputFormat.option([.text, .json])

    let setup: MatchSetup
    let format: OutputFormat
    let utterance: String

    init(_ a: ParsedArguments) throws {
        setup = try MatchSetup(a)
        format = try OutputFormat.from(a, allowed: [.text, .json])
        guard a.positionals.count == 1 else {
            throw CLIError(a.positionals.isEmpty ? "missing UTTERANCE" : "expected one UTTERANCE, got \(a.positionals.count)",
                           hint: "quote it: parlance explain \"Send Anna twenty euros\"")
        }
        utterance = a.positionals[0]
    }

    func run(_ console: Console) throws -> ExitCode {
        let e = try setup.matcher().explain(utterance, locale: setup.locale)
        switch format {
        case .json:
            console.out(try CommandSupport.json(e))
        default:
            var out = ["utterance: \(e.utterance)", "locale: \(e.locale) (pack \(e.pack))", "", e.analysis.table(), "", "candidates:"]
            if e.candidates.isEmpty { out.append("  none: no template of the pack matches") }
            for (n, c) in e.candidates.enumerated() {
                out.append("  \(n + 1). \(c.intent)  \(c.rank)")
                out.append("     template: \(c.template)")
                for (k, v) in c.slots.sorted(by: { $0.key < $1.key }) { out.append("     {\(k)} \(v)") }
                if let i = c.interpretation {
                    out.append("     → score \(String(format: "%.3f", i.score)) \(i.accepted ? "accepted" : "not accepted") [\(i.resolution.rawValue)]")
                } else {
                    out.append("     → dropped: \(c.dropped ?? "")")
                }
            }
            out += ["", "result:", MatchRendering.text(e.result)]
            console.out(out.joined(separator: "\n"))
        }
        return e.result.interpretations.first?.accepted == true ? .success : .findings
    }
}
