import ParlanceText

/// How much a finding matters. Errors fail `parlance lint` (exit 1); warnings and infos do not.
public enum Severity: String, Sendable, Codable, Hashable, Comparable, CaseIterable {
    case error, warning, info

    private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    /// Errors sort first.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// Everything a rule says about itself, written once: its identifier and severity, what it
/// checks, and examples that are both its documentation and its tests.
///
/// ```swift
/// RuleDescription(
///     identifier: "too_many_alternative_names", name: "Too many alternative names", severity: .warning,
///     description: "Siri listens for at most three INAlternativeAppNames.",
///     triggeringExamples: [LintExample("four names", apps: [AppFixture("com.example.a", displayName: "A")
///         .alternativeNames("B", "C", "D", "E")])],
///     nonTriggeringExamples: [LintExample("three names", apps: [...])])
/// ```
public struct RuleDescription: Sendable {
    public var identifier: String
    public var name: String
    /// The severity of the rule's findings unless a finding says otherwise (a missing Russian
    /// name that falls back to a Latin one is an error where a German one is a warning).
    public var severity: Severity
    public var description: String
    /// Inputs the rule must flag: each must give at least one finding of this rule.
    public var triggeringExamples: [LintExample]
    /// Inputs the rule must accept without a finding.
    public var nonTriggeringExamples: [LintExample]
    /// What the rule needs besides the catalog (templates, a compiled matcher); the linter skips
    /// rules whose needs the caller did not provide.
    public var requires: LintContext.Needs

    public init(identifier: String, name: String, severity: Severity, description: String,
                triggeringExamples: [LintExample], nonTriggeringExamples: [LintExample],
                requires: LintContext.Needs = []) {
        self.identifier = identifier
        self.name = name
        self.severity = severity
        self.description = description
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.requires = requires
    }
}

/// One check over the catalog. A rule is a value with no state: it reads the context and
/// returns what it found.
public protocol LintRule: Sendable {
    static var description: RuleDescription { get }
    init()
    func validate(_ context: LintContext) -> [Finding]
}

extension LintRule {
    /// A finding of this rule, at its default severity unless `severity` is given.
    func finding(_ message: String, at site: ErrorSite, severity: Severity? = nil, suggestion: String? = nil) -> Finding {
        Finding(ruleID: Self.description.identifier, severity: severity ?? Self.description.severity,
                message: message, site: site, suggestion: suggestion)
    }
}

/// What rules read: the input, and what later stages can add for rules that need them.
public struct LintContext: Sendable {
    /// Stages a rule may need beyond the catalog.
    public struct Needs: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The locale packs' parsed templates (for `template_syntax`).
        public static let grammar = Needs(rawValue: 1)
        /// A compiled matcher over the input's apps (for `example_not_matched`).
        public static let matcher = Needs(rawValue: 2)
        /// The linted locale packs' templates and their tests run through a matcher (for
        /// `untested_template`, `template_overmatch`).
        public static let packTests = Needs(rawValue: 4)
    }

    public var input: LintInput
    /// The template engine and matcher, for the rules that need them; nil when not built.
    public var grammar: (any LintGrammar)?

    public init(input: LintInput, grammar: (any LintGrammar)? = nil) {
        self.input = input
        self.grammar = grammar
    }

    public var available: Needs { grammar.map { $0.provides } ?? [] }
}

/// What the grammar stage hands to the rules that check templates (`template_syntax`,
/// `untested_template`, `example_not_matched`, `template_overmatch`): an adapter the template
/// engine implements (`PackLintGrammar`), so that the rules do not depend on how templates are
/// parsed or matched.
public protocol LintGrammar: Sendable {
    /// Which of `.grammar`, `.matcher` and `.packTests` this value can answer for.
    var provides: LintContext.Needs { get }
    /// What is wrong in the linted locale packs' files, each at its file, line and column
    /// (`.grammar`).
    func templateProblems() -> [TemplateProblem]
    /// How `sentence` is understood in `locale` with the input's apps, or nil when it is not
    /// accepted (`.matcher`).
    func reading(of sentence: String, locale: LocaleID) -> LintReading?
    /// Whether a locale pack serving `locale` has templates for `intent`, or (for an app's custom
    /// intent, whose templates are made from its own phrases) whether a pack serves `locale`
    /// (`.matcher`).
    func understands(intent: String, locale: LocaleID) -> Bool
    /// Every template of the linted locale packs (`.packTests`).
    func templates() -> [LintTemplate]
    /// Every sentence of the linted packs' tests with what it gave (`.packTests`).
    func testReadings() -> [LintTestReading]
}

extension LintGrammar {
    public func templateProblems() -> [TemplateProblem] { [] }
    public func reading(of sentence: String, locale: LocaleID) -> LintReading? { nil }
    public func understands(intent: String, locale: LocaleID) -> Bool { false }
    public func templates() -> [LintTemplate] { [] }
    public func testReadings() -> [LintTestReading] { [] }
}

/// Something wrong in a locale pack's file: YAML, a template's syntax, a list or rule it names.
public struct TemplateProblem: Sendable, Hashable {
    public var site: ErrorSite
    public var message: String
    public var hint: String

    public init(site: ErrorSite, message: String, hint: String) {
        self.site = site
        self.message = message
        self.hint = hint
    }
}

/// One reading of a sentence, as much as lint rules need: the intent, the app, the parameters'
/// values and the template.
public struct LintReading: Sendable, Hashable {
    public var intent: String
    public var bundleIdentifier: String?
    /// Each parameter's value as text: a vocabulary item's identifier, a person's name, the text.
    public var values: [String: String]
    /// Where the template that matched is written; nil for templates made from an app's phrases.
    public var template: ErrorSite?

    public init(intent: String, bundleIdentifier: String? = nil, values: [String: String] = [:], template: ErrorSite? = nil) {
        self.intent = intent
        self.bundleIdentifier = bundleIdentifier
        self.values = values
        self.template = template
    }
}

/// A template of a locale pack, where it is written.
public struct LintTemplate: Sendable, Hashable {
    public var locale: LocaleID
    public var intent: String
    public var text: String
    public var site: ErrorSite

    public init(locale: LocaleID, intent: String, text: String, site: ErrorSite) {
        self.locale = locale
        self.intent = intent
        self.text = text
        self.site = site
    }
}

/// A sentence of a locale pack's tests, what the test expects and how it was read.
public struct LintTestReading: Sendable, Hashable {
    public var locale: LocaleID
    public var sentence: String
    /// The test, where it is written.
    public var test: ErrorSite
    /// The intent the test expects; nil for a sentence that must not be accepted.
    public var expectedIntent: String?
    /// The best accepted reading; nil when none was accepted.
    public var reading: LintReading?
    /// Every template that reads the sentence as the expected intent, best or not: each is
    /// exercised by the test.
    public var expectedReadBy: [ErrorSite]

    public init(locale: LocaleID, sentence: String, test: ErrorSite, expectedIntent: String?, reading: LintReading?,
                expectedReadBy: [ErrorSite] = []) {
        self.locale = locale
        self.sentence = sentence
        self.test = test
        self.expectedIntent = expectedIntent
        self.reading = reading
        self.expectedReadBy = expectedReadBy
    }
}
