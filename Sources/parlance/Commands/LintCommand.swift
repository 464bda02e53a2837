import Foundation
import Parlance
import ParlanceText

/// `parlance lint PATH...`: checks apps, user vocabulary and locale packs before they ship.
struct LintCommand: Command {
    static let name = "lint"
    static let abstract = "Check apps' names, vocabulary and locale coverage before they ship"
    static let arguments = "[PATH...]"
    static let options: [OptionSpec] = [
        OptionSpec("--rules", valueName: "id,id", help: "run only these rules (see --list-rules)"),
        OptionSpec("--list-rules", .flag, help: "list the rules with their severity and description"),
    ] + OutputFormat.option(formats)
    static let discussion = """
        Each PATH is an app folder (Foo.app, or a folder of .lproj folders), a folder holding apps at any
        depth, a user vocabulary file (.yaml, .json) or a Locales folder. Without PATH, the built-in
        Vocabulary/Apps, Vocabulary/Users and Locales are linted. Locale coverage is checked against the
        Locales folders given, else the built-in one.

        Exits 1 when any finding is an error, 0 otherwise.
        """
    static let formats: [OutputFormat] = [.text, .json, .sarif, .junit]

    static func reporter(_ format: OutputFormat) -> any LintReporter.Type {
        switch format {
        case .json: return JSONLintReporter.self
        case .sarif: return SARIFLintReporter.self
        case .junit: return JUnitLintReporter.self
        default: return TextLintReporter.self
        }
    }

    let paths: [String]
    let rules: [any LintRule.Type]
    /// Whether `--rules` chose them.
    let rulesGiven: Bool
    let listRules: Bool
    let format: OutputFormat

    init(_ a: ParsedArguments) throws {
        format = try OutputFormat.from(a, allowed: Self.formats)
        listRules = a.flag("--list-rules")
        paths = a.positionals
        rulesGiven = a.value("--rules") != nil
        guard let list = a.value("--rules") else {
            rules = Linter.allRules
            return
        }
        let ids = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !ids.isEmpty else { throw CLIError("--rules needs at least one rule identifier", hint: "see 'parlance lint --list-rules'") }
        rules = try ids.map { id in
            guard let r = Linter.rule(id) else {
                let known = Linter.allRules.map { $0.description.identifier }
                throw CLIError("unknown rule '\(id)'",
                               hint: Linter.nearestName(to: id, in: known).map { "did you mean '\($0)'?" } ?? "see 'parlance lint --list-rules'")
            }
            return r
        }
    }

    func run(_ console: Console) throws -> ExitCode {
        if listRules {
            console.out(try Self.ruleList(rules.map { $0.description }, format: format))
            return .success
        }
        guard let data = DataLocation.locate() else {
            throw CLIError("the built-in data folder was not found", hint: "set PARLANCE_DATA to the folder holding Vocabulary/", code: .noInput)
        }
        for p in paths where !FileManager.default.fileExists(atPath: p) {
            throw CLIError("no such file or folder '\(p)'", code: .noInput)
        }
        let builtIn = paths.isEmpty
        var targets = paths
        if builtIn {
            targets = [data.path("Vocabulary/Apps")] + CatalogSources.userVocabularies(data)
        }
        let shown: (String) -> String = { builtIn ? Self.relative($0, to: data.root) : Self.relative($0, to: ".") }
        let input: LintInput
        let schemas: DomainSchemaSet
        do {
            schemas = try DomainSchemaSet.load(folder: data.path("Vocabulary/Domains"))
            input = try LintInput.load(targets, schemas: schemas, localePacks: data.path("Locales"), shown: shown)
        } catch let e as LintInput.PathError {
            throw CLIError(e.description, code: .noInput)
        } catch let e as any LocatedError {
            console.err(e.description)
            return .dataError
        }
        let linter = Linter(rules: rules)
        let grammar = Self.grammar(for: input, schemas: schemas, data: data, builtIn: builtIn, rules: rules)
        // Rules that could not run are said, not silently passed.
        for note in grammar?.notes ?? [] { console.err("note: " + note) }
        let lintsPacks = builtIn || input.lintsPacks
        let unexpected = linter.skipped(in: LintContext(input: input, grammar: grammar)).filter { rule in
            // A rule with nothing to check here is not news, unless it was asked for by name.
            let needs = rule.description.requires
            let hasInput = (needs.contains(.matcher) && !input.apps.isEmpty) || (!needs.isDisjoint(with: [.grammar, .packTests]) && lintsPacks)
            return rulesGiven || hasInput
        }
        if !unexpected.isEmpty {
            console.err("note: skipped " + unexpected.map { $0.description.identifier }.joined(separator: ", ")
                        + ": " + (lintsPacks || !input.apps.isEmpty ? "the locale packs or apps they read did not load (see above)"
                                                                   : "give apps or a Locales folder to lint"))
        }
        var locator = FindingLocator(roots: input.roots)
        let findings = locator.locate(linter.lint(input, grammar: grammar).map { f in
            var shownFinding = f
            shownFinding.site.file = shown(f.site.file)
            return shownFinding
        })
        console.out(try Self.reporter(format).report(findings, rules: rules.map { $0.description }))
        return findings.contains { $0.severity == .error } ? .findings : .success
    }

    /// The template engine's stage, built only when a chosen rule needs it: a matcher over the
    /// linted apps (with the packs given, else the built-in ones) to read their example phrases,
    /// and the linted packs' tests run with the built-in sample apps and user they are written for.
    static func grammar(for input: LintInput, schemas: DomainSchemaSet, data: DataLocation, builtIn: Bool,
                        rules: [any LintRule.Type]) -> PackLintGrammar? {
        let needs = rules.reduce(into: LintContext.Needs()) { $0.formUnion($1.description.requires) }
        guard !needs.isEmpty else { return nil }
        let packs = builtIn || input.lintsPacks ? input.packSources : []
        let apps = input.apps.isEmpty || !needs.contains(.matcher) ? nil : (try? AppCatalog(input.apps)).map {
            Catalog(schemas: schemas, apps: $0, userVocabulary: input.userVocabularies.first ?? .empty, localePacks: input.packSources)
        }
        let samples = packs.isEmpty || !needs.contains(.packTests) ? nil : try? Catalog.loading(.builtIn(data))
        return PackLintGrammar(apps: apps, packs: packs, samples: samples)
    }

    static func relative(_ path: String, to root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    struct RuleRow: Encodable {
        var identifier: String
        var name: String
        var severity: Severity
        var description: String
    }

    static func ruleList(_ rules: [RuleDescription], format: OutputFormat) throws -> String {
        if format == .json {
            return try CommandSupport.json(rules.map { RuleRow(identifier: $0.identifier, name: $0.name, severity: $0.severity, description: $0.description) })
        }
        let width = rules.map(\.identifier.count).max() ?? 10
        return rules.map { r in
            r.identifier.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + r.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + r.name + "\n"
                + wrap(r.description, width: 96).map { "    " + $0 }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }
}

/// Where the built-in user vocabulary lives.
enum CatalogSources {
    static func userVocabularies(_ data: DataLocation) -> [String] {
        let folder = data.path("Vocabulary/Users")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }
}
