import Foundation
import ParlanceText

/// `parlance normalize`: shows how the text layer sees an utterance in a locale.
struct NormalizeCommand: Command {
    static let name = "normalize"
    static let abstract = "Show tokens, match keys, numbers and currency amounts of a text"
    static let arguments = "TEXT"
    static let options: [OptionSpec] = [
        OptionSpec("--locale", short: "l", valueName: "locale", help: "BCP 47 locale (default: from LANG, else en-US)"),
    ] + OutputFormat.option([.text, .json])
    static let discussion = """
        Ranges are UTF-16 offsets into TEXT, as NSRange and JavaScript count them.
        """

    let locale: LocaleID
    let format: OutputFormat
    let text: String

    init(_ a: ParsedArguments) throws {
        locale = try CommandSupport.locale(a.value("--locale"))
        format = try OutputFormat.from(a, allowed: [.text, .json])
        guard a.positionals.count == 1 else {
            throw CLIError(a.positionals.isEmpty ? "missing TEXT" : "expected one TEXT, got \(a.positionals.count)",
                           hint: "quote the text: parlance normalize --locale de \"zwanzig Euro\"")
        }
        text = a.positionals[0]
    }

    func run(_ console: Console) throws -> ExitCode {
        let analysis = try TextAnalyzer.shared(for: locale).analyze(text, latin: true)
        switch format {
        case .json:
            console.out(try CommandSupport.json(analysis))
        default:
            console.out(analysis.table())
        }
        return .success
    }
}

/// Helpers every command shares.
enum CommandSupport {
    /// The locale from `--locale`, else from the environment (LC_ALL, LC_MESSAGES, LANG), else en-US.
    static func locale(_ option: String?) throws -> LocaleID {
        if let o = option {
            do { return try LocaleID(o) } catch { throw CLIError("\(error)", code: .usage) }
        }
        let env = ProcessInfo.processInfo.environment
        for k in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard var v = env[k], !v.isEmpty else { continue }
            if let dot = v.firstIndex(of: ".") { v = String(v[..<dot]) }
            if let at = v.firstIndex(of: "@") { v = String(v[..<at]) }
            if v == "C" || v == "POSIX" { break }
            if let l = try? LocaleID(v) { return l }
        }
        return try LocaleID("en-US")
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }
}
