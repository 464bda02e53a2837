import Foundation
import ParlanceText

/// The template engine's side of linting: what is wrong in the linted locale packs' files, their
/// templates, their tests run through a matcher, and a matcher that reads the linted apps'
/// example phrases.
///
/// Everything is computed when the value is made, so that rules only read.
///
/// ```swift
/// let grammar = PackLintGrammar(apps: catalog, packs: sources, samples: builtInCatalog)
/// Linter().lint(input, grammar: grammar)
/// ```
public struct PackLintGrammar: LintGrammar {
    public let provides: LintContext.Needs
    private let problems: [TemplateProblem]
    private let apps: Matcher?
    private let packTemplates: [LintTemplate]
    private let packReadings: [LintTestReading]

    /// - Parameters:
    ///   - apps: the linted apps and user vocabulary, with the locale packs to read their example
    ///     phrases with; nil when no apps are linted.
    ///   - packs: the locale packs being linted: their files are checked and their tests run.
    ///   - samples: the apps and user vocabulary the packs' tests are written against (the
    ///     built-in samples); the packs are put in its place.
    public init(apps: Catalog?, packs: [LocalePackSource], samples: Catalog?) {
        // A pack with problems is left out of the matchers; the others are still linted.
        let checked = packs.map { ($0, Self.problems(in: $0)) }
        problems = checked.flatMap(\.1)
        let sound = Set(checked.filter { $0.1.isEmpty }.map(\.0.folder))
        var provides: LintContext.Needs = packs.isEmpty ? [] : .grammar
        var notes: [String] = []
        self.apps = apps.flatMap { catalog in
            var c = catalog
            c.localePacks = c.localePacks.filter { !packs.contains($0) || sound.contains($0.folder) }
            do { return try Matcher(catalog: c) } catch {
                notes.append("the linted apps' examples cannot be read: \(error)")
                return nil
            }
        }
        if self.apps != nil { provides.insert(.matcher) }
        var templates: [LintTemplate] = []
        var readings: [LintTestReading] = []
        let testable = packs.filter { sound.contains($0.folder) }
        if !testable.isEmpty, var catalog = samples {
            catalog.localePacks = testable
            do {
                let matcher = try Matcher(catalog: catalog)
                provides.insert(.packTests)
                let loaded = matcher.locales.compactMap { matcher.pack(for: $0) }
                // Each pack's tests on a core of its own; the matcher is safe to share.
                readings = ParallelMap.map(count: loaded.count) { Self.readings(of: loaded[$0], with: matcher) }.flatMap { $0 }
                templates = loaded.flatMap(Self.templates(of:))
            } catch {
                notes.append("the packs' tests cannot be run: \(error)")
            }
        }
        self.provides = provides
        self.notes = notes
        packTemplates = templates
        packReadings = readings
    }

    /// Why a stage could not be built, for the caller to show with the rules it skips.
    public let notes: [String]

    public func templateProblems() -> [TemplateProblem] { problems }
    public func templates() -> [LintTemplate] { packTemplates }
    public func testReadings() -> [LintTestReading] { packReadings }

    public func reading(of sentence: String, locale: LocaleID) -> LintReading? {
        guard let matcher = apps, let best = try? matcher.interpretations(sentence, locale: locale).first,
              best.reading.accepted else { return nil }
        return Self.lintReading(best.reading, template: best.template)
    }

    public func understands(intent: String, locale: LocaleID) -> Bool {
        guard let matcher = apps, let pack = matcher.pack(for: locale) else { return false }
        // A custom intent's templates are made from its app's own phrases.
        return pack.grammar.intents.contains { $0.name == intent }
            || matcher.catalog.apps.apps.contains { $0.customIntents.contains { $0.className == intent || $0.name == intent } }
    }

    static func lintReading(_ i: Interpretation, template: Template) -> LintReading {
        LintReading(intent: i.intent, bundleIdentifier: i.app?.bundleIdentifier,
                    values: i.parameters.compactMapValues { p in
                        p.value.map { v in if case .vocabulary(let id, _) = v { return id } else { return PackTestRun.render(v) } }
                    },
                    template: template.location.map { ErrorSite($0) })
    }

    /// The pack's templates as written (a person slot shows as written, not as the list of people
    /// it is compiled into).
    static func templates(of pack: LocalePack) -> [LintTemplate] {
        pack.grammar.intents.flatMap { intent in
            intent.blocks.flatMap(\.templates).compactMap { t in
                t.location.map { LintTemplate(locale: pack.locale, intent: intent.name, text: pack.writtenForm(of: t.text), site: ErrorSite($0)) }
            }
        }
    }

    static func readings(of pack: LocalePack, with matcher: Matcher) -> [LintTestReading] {
        pack.tests.flatMap { test in
            test.sentences.map { sentence in
                let all = (try? matcher.interpretations(sentence, locale: pack.locale)) ?? []
                let best = all.first
                return LintTestReading(locale: pack.locale, sentence: sentence, test: ErrorSite(file: test.file, line: test.line),
                                       expectedIntent: test.intent,
                                       reading: best.flatMap { $0.reading.accepted ? lintReading($0.reading, template: $0.template) : nil },
                                       expectedReadBy: test.intent.map { intent in
                                           all.filter { $0.reading.intent == intent }.compactMap { $0.template.location.map { ErrorSite($0) } }
                                       } ?? [])
            }
        }
    }

    /// What is wrong in one pack's files: YAML that does not parse, templates and expansion rules
    /// that do not parse (all of them, not the first), then, when each file is sound, what the
    /// pack as a whole gets wrong (a list or rule no file defines, a test file that cannot be read).
    static func problems(in source: LocalePackSource) -> [TemplateProblem] {
        var out: [TemplateProblem] = []
        for file in source.files {
            let root: YAMLNode
            do {
                root = try YAML.parse(try LocalePack.readText(file), file: file)
            } catch {
                out.append(problem(error, file: file))
                continue
            }
            var templates: [YAMLNode] = []
            for (_, intent) in root["intents"]?.mapping ?? [] {
                for block in intent["data"]?.sequence ?? [] { templates += block["sentences"]?.sequence ?? [] }
            }
            templates += (root["expansion_rules"]?.mapping ?? []).map(\.value)
            for node in templates {
                guard let text = node.string else { continue }
                do { _ = try Template(text, location: node.textLocation) } catch { out.append(problem(error, file: file)) }
            }
        }
        guard out.isEmpty else { return out }
        do {
            let pack = try LocalePack.load(source)
            _ = try TemplateMatcher(grammar: pack.grammar)
            out += undefinedLists(in: pack.grammar)
        } catch {
            out.append(problem(error, file: source.folder))
        }
        return out
    }

    /// Lists that templates name and no file of the pack defines. The engine takes such lists
    /// from the caller at match time (Home Assistant's entity names), but a pack's lists are all
    /// its own, so one missing is a misspelling.
    static func undefinedLists(in grammar: IntentGrammar) -> [TemplateProblem] {
        var out: [TemplateProblem] = []
        func check(_ t: Template, defined: (String) -> Bool) {
            for name in t.expression.listNames where !defined(name) {
                out.append(TemplateProblem(site: t.location.map { ErrorSite($0) } ?? ErrorSite(file: grammar.language),
                                           message: "the template names the list {\(name)}, which no file of the pack defines",
                                           hint: NearestName.closest(to: name, in: grammar.lists.keys.sorted()).map { "did you mean {\($0)}?" }
                                               ?? "define it under 'lists:' in a file of the pack"))
            }
        }
        for intent in grammar.intents {
            for block in intent.blocks {
                for t in block.templates { check(t) { grammar.lists[$0] != nil || block.lists[$0] != nil } }
            }
        }
        for (_, rule) in grammar.rules.sorted(by: { $0.key < $1.key }) { check(rule) { grammar.lists[$0] != nil } }
        return out
    }

    static func problem(_ error: any Error, file: String) -> TemplateProblem {
        let hint = "see the template syntax in Locales/README.md"
        switch error {
        case let e as GrammarError:
            return TemplateProblem(site: e.location.map { ErrorSite($0) } ?? ErrorSite(file: file),
                                   message: e.message + (e.note.map { " (\($0))" } ?? ""), hint: hint)
        case let e as YAMLError:
            return TemplateProblem(site: ErrorSite(e.location), message: e.message, hint: e.hint ?? "check the file's YAML")
        case let e as any LocatedError:
            return TemplateProblem(site: e.site, message: e.message, hint: e.hint)
        case let e as PackError:
            return TemplateProblem(site: ErrorSite(located: e.file), message: e.message, hint: hint)
        default:
            return TemplateProblem(site: ErrorSite(file: file), message: "\(error)", hint: hint)
        }
    }
}

extension ErrorSite {
    /// A site from `file:line:column` (or `file:line`, or a file alone).
    init(located text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
            self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
        } else if parts.count >= 2, let line = Int(parts[parts.count - 1]) {
            self.init(file: parts.dropLast().joined(separator: ":"), line: line)
        } else {
            self.init(file: text)
        }
    }
}

extension TemplateExpression {
    /// The lists the expression names, inline ranges and bare captures left out.
    var listNames: [String] {
        switch self {
        case .text, .rule: return []
        case .sequence(let items, _), .alternative(let items, _, _), .permutation(let items, _):
            return items.flatMap(\.listNames)
        case .list(let l, _):
            return l.inlineRange != nil || l.listName.isEmpty || l.listName.hasPrefix("@") ? [] : [l.listName]
        }
    }
}
