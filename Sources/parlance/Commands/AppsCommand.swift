import Foundation
import Parlance
import ParlanceText

/// `parlance apps`: lists apps with their name in a locale (and where it came from), alternative
/// names, intents and vocabulary sizes.
struct AppsCommand: Command {
    static let name = "apps"
    static let abstract = "List apps with their localized names, intents and vocabulary"
    static let arguments = ""
    static let options: [OptionSpec] = [
        OptionSpec("--apps", .repeatedValue, valueName: "dir",
                   help: "a Foo.app folder or a folder of apps (default: the built-in Vocabulary/Apps)"),
        OptionSpec("--locale", short: "l", valueName: "locale", help: "BCP 47 locale (default: from LANG, else en-US)"),
    ] + OutputFormat.option([.text, .json])
    static let discussion = """
        Each name shows its source file and how it was reached: exact, parentLocale, base,
        developmentRegion or infoPlist. Set PARLANCE_DATA to use another data folder.
        """

    let folders: [String]
    let locale: LocaleID
    let format: OutputFormat

    init(_ a: ParsedArguments) throws {
        locale = try CommandSupport.locale(a.value("--locale"))
        format = try OutputFormat.from(a, allowed: [.text, .json])
        guard a.positionals.isEmpty else {
            throw CLIError("unexpected argument '\(a.positionals[0])'", hint: "give app folders with --apps DIR")
        }
        folders = a.all("--apps")
    }

    func run(_ console: Console) throws -> ExitCode {
        guard let data = DataLocation.locate() else {
            throw CLIError("the built-in data folder was not found", hint: "set PARLANCE_DATA to the folder holding Vocabulary/",
                           code: .noInput)
        }
        let schemas = try DomainSchemaSet.load(folder: data.path("Vocabulary/Domains"))
        var apps = folders.isEmpty ? [data.path("Vocabulary/Apps")] : folders
        apps = apps.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        for f in apps where !FileManager.default.fileExists(atPath: f) {
            throw CLIError("no such folder '\(f)'", code: .noInput)
        }
        let catalog = try AppCatalog.load(folders: apps, schemas: schemas, displayRoot: folders.isEmpty ? data.root : nil)
        let rows = catalog.apps.map { AppRow($0, locale: locale) }
        switch format {
        case .json:
            console.out(try CommandSupport.json(AppListing(locale: locale.identifier, apps: rows)))
        default:
            console.out(rows.map { $0.text() }.joined(separator: "\n"))
        }
        return .success
    }
}

/// The JSON shape of `parlance apps --json`.
struct AppListing: Encodable {
    var locale: String
    var apps: [AppRow]
}

struct AppRow: Encodable {
    var bundleIdentifier: String
    var path: String
    var name: LocalizedName?
    var names: [LocalizedName]
    var supportedIntents: [App.SupportedIntent]
    var customIntents: [String]
    var vocabulary: VocabularySizes
    var notes: [String]

    struct VocabularySizes: Encodable {
        var file: String?
        var parameters: [String]
        var items: Int
        var synonyms: Int
        var intentPhrases: Int
    }

    init(_ app: App, locale: LocaleID) {
        bundleIdentifier = app.bundleIdentifier
        path = app.path
        let display = app.displayName(for: locale)
        name = display
        names = app.names(for: locale).filter { $0.value != display?.value }
        supportedIntents = app.supportedIntents
        customIntents = app.customIntents.map(\.name)
        let v = app.vocabulary(for: locale)
        vocabulary = VocabularySizes(
            file: v?.file, parameters: v?.parameterVocabularies.flatMap(\.parameterNames) ?? [],
            items: v?.itemCount ?? 0,
            synonyms: v?.parameterVocabularies.flatMap(\.items).reduce(0) { $0 + $1.synonyms.count } ?? 0,
            intentPhrases: v?.intentPhrases.reduce(0) { $0 + $1.examples.count } ?? 0)
        notes = app.notes.map(\.description)
    }

    func text() -> String {
        var s = "\(name?.value ?? "(no display name)")  [\(bundleIdentifier)]\n"
        if let n = name { s += "  name: \(n.provenance)\n" }
        for n in names {
            s += "  also: \(n.value) (\(n.kind.rawValue)" + (n.pronunciationHint.map { ", says \"\($0)\"" } ?? "") + ")\n"
        }
        let intents = supportedIntents.map(\.name)
        s += "  intents: " + (intents.isEmpty ? "none" : intents.joined(separator: ", ")) + "\n"
        if !customIntents.isEmpty { s += "  custom intents: " + customIntents.joined(separator: ", ") + "\n" }
        if let f = vocabulary.file {
            s += "  vocabulary: \(vocabulary.items) items, \(vocabulary.synonyms) synonyms, \(vocabulary.intentPhrases) phrases"
            if !vocabulary.parameters.isEmpty { s += " for " + vocabulary.parameters.joined(separator: ", ") }
            s += " (\(f))\n"
        }
        for n in notes { s += "  \(n)\n" }
        return s
    }
}
