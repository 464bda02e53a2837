import ParlanceText

/// Examples shared by the template rules: a messaging app, a contact, and small packs.
enum TemplateRuleExamples {
    static let pigeon = AppFixture("com.example.pigeon", displayName: "Pigeon")
        .intents("INSendMessageIntent", "INRequestRideIntent").lproj("en", ["CFBundleDisplayName": "Pigeon"])

    static func example(_ summary: String, apps: [AppFixture] = [pigeon], pack: String, tests: String? = nil) -> LintExample {
        var e = LintExample(summary, apps: apps, userVocabulary: [.contactName: ["Anna Schmidt"]])
            .packFile("en-US", "messaging.yaml", "language: en-US\n" + pack)
        if let t = tests { e = e.packTests("en-US", "messaging.yaml", "language: en-US\ntests:\n" + t) }
        return e
    }

    /// A pack file with these messaging templates and, if given, ride templates.
    static func templates(message: [String], ride: [String] = []) -> String {
        func intent(_ name: String, _ sentences: [String]) -> String {
            "  \(name):\n    data:\n      - sentences: [" + sentences.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n"
        }
        return "intents:\n" + intent("INSendMessageIntent", message) + (ride.isEmpty ? "" : intent("INRequestRideIntent", ride)) + "\n" + lists
    }

    static let lists = """
        lists:
          recipients: {type: person}
          content: {wildcard: true}
          dropOffLocation: {wildcard: true}

        """

    static let messageToAnna = """
          - sentences: ["message Anna saying hello"]
            intent: {name: INSendMessageIntent, slots: {recipients: Anna Schmidt, content: hello}}

        """
}

/// A locale pack file that does not parse: YAML, a template's syntax, or a list or expansion rule
/// that no file of the pack defines.
public struct TemplateSyntaxRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "template_syntax", name: "Template syntax", severity: .error,
        description: """
            Every file of a locale pack must be YAML in hassil's layout, every template and expansion rule \
            must parse (balanced brackets, closed slots, nothing empty), and every {list} and <rule> a template \
            names must be defined by some file of the pack. Each problem is reported at its file, line and \
            column; a pack with one cannot be loaded, so its locale is not understood at all.
            """,
        triggeringExamples: [
            TemplateRuleExamples.example(
                "an unclosed group", pack: TemplateRuleExamples.templates(message: ["(message|text {recipients} saying {content}"])),
            TemplateRuleExamples.example(
                "a list no file defines", pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {body}"])),
            TemplateRuleExamples.example(
                "YAML that does not parse", pack: "intents: [unclosed\n"),
        ],
        nonTriggeringExamples: [
            TemplateRuleExamples.example(
                "well-formed templates", pack: TemplateRuleExamples.templates(message: ["(message|text) {recipients} saying {content}", "tell {recipients} [that] {content}"])),
        ],
        requires: .grammar)

    public func validate(_ context: LintContext) -> [Finding] {
        (context.grammar?.templateProblems() ?? []).map { finding($0.message, at: $0.site, suggestion: $0.hint) }
    }
}

/// A template that no sentence of its pack's tests is read through.
public struct UntestedTemplateRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "untested_template", name: "Untested template", severity: .warning,
        description: """
            Each template of a locale pack should read at least one sentence of the pack's tests (tests/) as \
            the intent the test expects, as the best reading or one of the others, run with the built-in \
            sample apps and user vocabulary; a template no test reaches can break, or capture other intents' \
            sentences, unseen.
            """,
        triggeringExamples: [
            TemplateRuleExamples.example(
                "a second template no test reaches", pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content}", "drop {recipients} a line about {content}"]),
                tests: TemplateRuleExamples.messageToAnna),
        ],
        nonTriggeringExamples: [
            TemplateRuleExamples.example(
                "each template has its sentence", pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content}", "drop {recipients} a line about {content}"]),
                tests: TemplateRuleExamples.messageToAnna + """
                  - sentences: ["drop Anna a line about dinner"]
                    intent: {name: INSendMessageIntent, slots: {recipients: Anna Schmidt, content: dinner}}
                """),
        ],
        requires: .packTests)

    public func validate(_ context: LintContext) -> [Finding] {
        guard let grammar = context.grammar else { return [] }
        let reached = Set(grammar.testReadings().flatMap { r in
            r.expectedReadBy + (r.reading.flatMap { $0.intent == r.expectedIntent ? $0.template : nil }.map { [$0] } ?? [])
        })
        return grammar.templates().filter { !reached.contains($0.site) }.map { t in
            finding("no sentence of the \(t.locale) tests is read as \(t.intent) through this template: \"\(t.text)\"", at: t.site,
                    suggestion: "add a sentence this template should read to the pack's tests/ file of the same name")
        }
    }
}

/// A template that takes a test sentence meant for another intent, or one meant to be refused.
public struct TemplateOvermatchRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "template_overmatch", name: "Template overmatch", severity: .warning,
        description: """
            A template whose reading wins for a test sentence that expects another intent, or that expects \
            no accepted reading (no_match), captures what it should leave alone: usually a wildcard with too \
            little around it. One finding per template lists the sentences it takes.
            """,
        triggeringExamples: [
            TemplateRuleExamples.example(
                "a bare wildcard takes a ride request", pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content}", "get {content}"], ride: ["book a ride to {dropOffLocation}"]),
                tests: TemplateRuleExamples.messageToAnna + """
                  - sentences: ["get a ride to the airport"]
                    intent: {name: INRequestRideIntent, slots: {dropOffLocation: the airport}}
                """),
            TemplateRuleExamples.example(
                "a template accepts chit-chat", pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content}", "say {content}"]),
                tests: TemplateRuleExamples.messageToAnna + """
                  - sentences: ["say something funny"]
                    no_match: true
                """),
        ],
        nonTriggeringExamples: [
            TemplateRuleExamples.example(
                "each test read by its own intent", pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content}"], ride: ["(book|get) a ride to {dropOffLocation}"]),
                tests: TemplateRuleExamples.messageToAnna + """
                  - sentences: ["get a ride to the airport"]
                    intent: {name: INRequestRideIntent, slots: {dropOffLocation: the airport}}
                  - sentences: ["say something funny"]
                    no_match: true
                """),
        ],
        requires: .packTests)

    public func validate(_ context: LintContext) -> [Finding] {
        guard let grammar = context.grammar else { return [] }
        var taken: [ErrorSite: [LintTestReading]] = [:]
        var order: [ErrorSite] = []
        for r in grammar.testReadings() {
            guard let reading = r.reading, let template = reading.template, reading.intent != r.expectedIntent else { continue }
            if taken[template] == nil { order.append(template) }
            taken[template, default: []].append(r)
        }
        return order.map { site in
            let readings = taken[site]!
            let intent = readings[0].reading!.intent
            let shown = readings.prefix(3).map { r in
                "\"\(r.sentence)\" (\(r.test), " + (r.expectedIntent.map { "a test of \($0)" } ?? "to be refused") + ")"
            }.joined(separator: "; ") + (readings.count > 3 ? "; and \(readings.count - 3) more" : "")
            return finding("this \(intent) template takes \(readings.count) test sentence\(readings.count == 1 ? "" : "s") meant for something else: "
                           + shown, at: site,
                           suggestion: "narrow the template (more words around its wildcards), or check the test's expectation")
        }
    }
}

/// An app's example phrase that Parlance does not route to the app and intent it illustrates.
public struct ExampleNotMatchedRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "example_not_matched", name: "Example not matched", severity: .warning,
        description: """
            Each IntentExamples phrase of AppIntentVocabulary.plist must be read, in its localization's \
            locale with the linted apps installed, as its IntentName for its own app; each \
            VocabularyItemExamples phrase as its parameter's intent for its own app, with the item's \
            identifier as the parameter's value. Siri shows these phrases to users: one that Parlance reads \
            otherwise is a command that will not work. Locales or intents no locale pack covers are left to \
            missing_locale_pack.
            """,
        triggeringExamples: [
            TemplateRuleExamples.example(
                "an example no template reads", apps: [
                TemplateRuleExamples.pigeon.intentPhrases("en", intent: "INSendMessageIntent", "Message Anna saying hi with Pigeon", "Yo Anna"),
            ], pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content} [with {app}]"])),
            TemplateRuleExamples.example(
                "an example read as another intent", apps: [
                TemplateRuleExamples.pigeon.intentPhrases("en", intent: "INRequestRideIntent", "Message Anna saying I need a ride"),
            ], pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content} [with {app}]"], ride: ["book a ride to {dropOffLocation}"])),
        ],
        nonTriggeringExamples: [
            TemplateRuleExamples.example(
                "every example routed to its app and intent", apps: [
                TemplateRuleExamples.pigeon.intentPhrases("en", intent: "INSendMessageIntent", "Message Anna saying hi with Pigeon"),
            ], pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content} [with {app}]"])),
            TemplateRuleExamples.example(
                "an intent no pack covers is left to missing_locale_pack", apps: [
                TemplateRuleExamples.pigeon.intentPhrases("en", intent: "INRequestRideIntent", "Get me to the airport"),
            ], pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content} [with {app}]"])),
        ],
        requires: .matcher)

    public func validate(_ context: LintContext) -> [Finding] {
        guard let grammar = context.grammar else { return [] }
        var out: [Finding] = []
        for app in context.input.apps {
            for v in app.vocabularies {
                // Base is read in the development region; what it shares with that region's own
                // vocabulary is checked there, once.
                guard let locale = v.locale.isBase ? app.developmentRegion : v.locale else { continue }
                let checkedElsewhere: Set<String> = v.locale.isBase
                    ? Set(app.vocabularies.filter { $0.locale == locale }.flatMap { $0.intentPhrases.flatMap(\.examples) + $0.synonymSites.flatMap(\.synonym.examples) })
                    : []
                /// What is wrong with the reading of `example`, or nil; nil as well when no pack can read it.
                func problem(_ example: String, intent: String, parameter: String? = nil, item: String? = nil) -> String? {
                    guard grammar.understands(intent: intent, locale: locale) else { return nil }
                    guard let r = grammar.reading(of: example, locale: locale) else { return "is not accepted as any command" }
                    if r.intent != intent || r.bundleIdentifier != app.bundleIdentifier {
                        return "is read as \(r.intent)" + (r.bundleIdentifier.map { " for \($0)" } ?? " with no app")
                    }
                    if let p = parameter, let id = item, r.values[p] != id {
                        return "does not give \(p) the item '\(id)'" + (r.values[p].map { " (it gives '\($0)')" } ?? "")
                    }
                    return nil
                }
                // An example word for word the same as another localization's is likely not translated.
                // Only another language's example is suspect (en-GB may well say what en says), and
                // never in the development region, which the others are translated from.
                let isSource = app.developmentRegion.map { $0.language == locale.language } ?? false
                let others = isSource ? [] : app.vocabularies.filter { !$0.locale.isBase && $0.locale.language != locale.language }
                    .sorted { ($0.locale == app.developmentRegion ? 0 : 1) < ($1.locale == app.developmentRegion ? 0 : 1) }
                let elsewhere = Dictionary(others.flatMap { other in
                    (other.intentPhrases.flatMap(\.examples) + other.synonymSites.flatMap(\.synonym.examples)).map { ($0, other.locale) }
                }, uniquingKeysWith: { a, _ in a })
                func report(_ example: String, _ wrong: String, illustrates what: String, keyPath: String) {
                    let copy = elsewhere[example].map { " (it is the \($0.identifier) example word for word: is it translated?)" } ?? ""
                    out.append(finding("the \(locale) example \"\(example)\" \(wrong)\(copy); it illustrates \(what) for \(app.bundleIdentifier)",
                                       at: v.site(keyPath),
                                       suggestion: "see why with 'parlance explain --locale \(locale) --apps <app folder> \"\(example)\"'; "
                                           + "reword the example, or add a template for it to the locale pack"))
                }
                for (p, phrases) in v.intentPhrases.enumerated() {
                    for (e, example) in phrases.examples.enumerated() where !checkedElsewhere.contains(example) {
                        if let wrong = problem(example, intent: phrases.intentName) {
                            report(example, wrong, illustrates: phrases.intentName, keyPath: "IntentPhrases[\(p)].IntentExamples[\(e)]")
                        }
                    }
                }
                for s in v.synonymSites {
                    let targets = s.parameters.compactMap { name -> (intent: String, parameter: String)? in
                        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                        return parts.count == 2 ? (parts[0], parts[1]) : nil
                    }
                    for (e, example) in s.synonym.examples.enumerated() where !checkedElsewhere.contains(example) {
                        // An item shared by several parameters needs to be read as one of them.
                        let problems = targets.map { problem(example, intent: $0.intent, parameter: $0.parameter, item: s.item.identifier) }
                        guard !problems.isEmpty, !problems.contains(where: { $0 == nil }), let wrong = problems.compactMap({ $0 }).first else { continue }
                        report(example, wrong, illustrates: s.parameters.joined(separator: " or ") + " = " + s.item.identifier,
                               keyPath: s.keyPath + ".VocabularyItemExamples[\(e)]")
                    }
                }
            }
        }
        return out
    }
}
