import Foundation
import Parlance
import ParlanceText

/// `parlance locales`: the locale packs, the intents each covers and how many tests it has.
struct LocalesCommand: Command {
    static let name = "locales"
    static let abstract = "List locale packs with their intents and test counts"
    static let arguments = ""
    static let options: [OptionSpec] = [
        OptionSpec("--locales", valueName: "dir", help: "a folder of locale packs (default: the built-in Locales)"),
    ] + OutputFormat.option([.text, .json])

    let folder: String?
    let format: OutputFormat

    init(_ a: ParsedArguments) throws {
        folder = a.value("--locales")
        format = try OutputFormat.from(a, allowed: [.text, .json])
        guard a.positionals.isEmpty else { throw CLIError("unexpected argument '\(a.positionals[0])'") }
    }

    struct Row: Encodable {
        var locale: String
        var files: Int
        var intents: [String]
        var templates: Int
        var tests: Int
    }

    func run(_ console: Console) throws -> ExitCode {
        let root: String
        if let f = folder {
            guard FileManager.default.fileExists(atPath: f) else { throw CLIError("no such folder '\(f)'", code: .noInput) }
            root = f
        } else {
            guard let data = DataLocation.locate() else {
                throw CLIError("the built-in data folder was not found", hint: "set PARLANCE_DATA", code: .noInput)
            }
            root = data.path("Locales")
        }
        let rows = try LocalePackSource.discover(in: root).map { source -> Row in
            let pack = try LocalePack.load(source)
            return Row(locale: source.locale.identifier, files: source.files.count,
                       intents: pack.grammar.intents.map(\.name).sorted(), templates: pack.grammar.templateCount,
                       tests: pack.tests.reduce(0) { $0 + $1.sentences.count })
        }
        if format == .json {
            console.out(try CommandSupport.json(rows))
        } else {
            var table = [["locale", "files", "intents", "templates", "test phrases"]]
            for r in rows { table.append([r.locale, "\(r.files)", "\(r.intents.count)", "\(r.templates)", "\(r.tests)"]) }
            console.out(TextTable.render(table))
        }
        return .success
    }
}
