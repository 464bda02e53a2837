import Foundation
import Parlance
import ParlanceText

/// `parlance match`: what an utterance means, given the installed apps and the user's vocabulary.
struct MatchCommand: Command {
    static let name = "match"
    static let abstract = "Find the app, intent and parameters an utterance addresses"
    static let arguments = "UTTERANCE"
    static let options: [OptionSpec] = MatchSetup.options + [
        OptionSpec("--top", valueName: "n", help: "how many readings to show (default: 3)"),
    ] + OutputFormat.option([.text, .json])
    static let discussion = """
        With no --apps, the built-in sample apps in Vocabulary/Apps and the sample user in
        Vocabulary/Users answer. Exit code 1 when no reading is accepted.
        """

    let setup: MatchSetup
    let top: Int
    let format: OutputFormat
    let utterance: String

    init(_ a: ParsedArguments) throws {
        setup = try MatchSetup(a)
        format = try OutputFormat.from(a, allowed: [.text, .json])
        guard let t = Int(a.value("--top") ?? "3"), t >= 1 else {
            throw CLIError("--top takes a whole number from 1", hint: "e.g. --top 5")
        }
        top = t
        guard a.positionals.count == 1 else {
            throw CLIError(a.positionals.isEmpty ? "missing UTTERANCE" : "expected one UTTERANCE, got \(a.positionals.count)",
                           hint: "quote it: parlance match \"Book a ride using WenderLoon\"")
        }
        utterance = a.positionals[0]
    }

    func run(_ console: Console) throws -> ExitCode {
        let matcher = try setup.matcher()
        let result = try matcher.match(utterance, locale: setup.locale, top: top)
        switch format {
        case .json: console.out(try CommandSupport.json(result))
        default: console.out(MatchRendering.text(result))
        }
        return result.interpretations.first?.accepted == true ? .success : .findings
    }
}

/// The options every command that matches shares: locale, apps, user vocabulary.
struct MatchSetup {
    static let options: [OptionSpec] = [
        OptionSpec("--locale", short: "l", valueName: "locale", help: "BCP 47 locale (default: from LANG, else en-US)"),
        OptionSpec("--apps", .repeatedValue, valueName: "dir", help: "a Foo.app folder or a folder of apps (default: built-in samples)"),
        OptionSpec("--user-vocabulary", valueName: "file", help: "the user's vocabulary, YAML or JSON (default: built-in sample user)"),
        OptionSpec("--locales", valueName: "dir", help: "a folder of locale packs (default: the built-in Locales)"),
    ]

    let locale: LocaleID
    let apps: [String]
    let userVocabulary: String?
    let locales: String?
    /// Set by `parlance test` when it runs a folder of packs.
    var localesOverride: String?

    init(_ a: ParsedArguments) throws {
        locale = try CommandSupport.locale(a.value("--locale"))
        apps = a.all("--apps")
        userVocabulary = a.value("--user-vocabulary")
        locales = a.value("--locales")
    }

    func matcher() throws -> Matcher {
        guard let data = DataLocation.locate() else {
            throw CLIError("the built-in data folder was not found", hint: "set PARLANCE_DATA to the folder holding Vocabulary/ and Locales/",
                           code: .noInput)
        }
        var sources = Catalog.Sources.builtIn(data)
        for path in apps + [userVocabulary, locales].compactMap({ $0 }) where !FileManager.default.fileExists(atPath: path) {
            throw CLIError("no such file or folder '\(path)'", code: .noInput)
        }
        if !apps.isEmpty { sources.apps = apps }
        if let u = userVocabulary { sources.userVocabulary = u }
        if let l = localesOverride ?? locales { sources.locales = l }
        return try Matcher(catalog: Catalog.loading(sources))
    }
}

/// The readable form of a match result.
enum MatchRendering {
    static func text(_ r: MatchResult) -> String {
        guard !r.interpretations.isEmpty else { return "no reading of \"\(r.utterance)\" in \(r.locale)" }
        var out: [String] = []
        for (n, i) in r.interpretations.enumerated() {
            let others: String? = i.appCandidates.map { "one of " + $0.map(\.name).joined(separator: ", ") }
            let missing: String? = i.notInstalledApp.map { "\($0), not installed" }
            let app = i.app.map { "\($0.name) (\($0.bundleIdentifier)\($0.source.map { ", \($0)" } ?? ""))" }
                ?? others ?? missing ?? "no app"
            out.append("\(n + 1). \(i.intent) → \(app)  score \(String(format: "%.2f", i.score))  \(i.accepted ? "accepted" : "not accepted")  [\(i.resolution.rawValue)]")
            for (name, p) in i.parameters.sorted(by: { $0.key < $1.key }) {
                out.append("     \(name): \(describe(p.value))  \(p.match.map { "(\($0.rawValue))" } ?? "")  [\(p.resolution.rawValue)]"
                           + (p.range.map { " at \($0[0])..<\($0[1])" } ?? ""))
            }
        }
        return out.joined(separator: "\n")
    }

    static func describe(_ v: ParameterValue?) -> String {
        switch v {
        case nil: return "—"
        case .text(let s)?, .enumCase(let s)?: return "\"\(s)\""
        case .number(let d)?: return d == d.rounded() ? String(Int64(d)) : String(d)
        case .boolean(let b)?: return String(b)
        case .currency(let a, let c)?: return "\(a == a.rounded() ? String(Int64(a)) : String(a)) \(c)"
        case .texts(let t)?: return t.map { "\"\($0)\"" }.joined(separator: ", ")
        case .persons(let p)?: return p.map { $0.name + ($0.identifier.map { " #\($0)" } ?? "") }.joined(separator: ", ")
        case .vocabulary(let id, let phrase)?: return "\(id) (\"\(phrase)\")"
        }
    }
}
