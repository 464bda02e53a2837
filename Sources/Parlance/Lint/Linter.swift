/// Runs lint rules over a `LintInput` and returns their findings in reading order.
///
/// ```swift
/// let input = try LintInput.load(["Vocabulary/Apps"], schemas: schemas)
/// let findings = Linter().lint(input)
/// findings.contains { $0.severity == .error }    // parlance lint exits 1
/// ```
public struct Linter: Sendable {
    /// Every rule Parlance has, in the order `--list-rules` shows them.
    public static let allRules: [any LintRule.Type] = [
        MissingLocalizedDisplayNameRule.self,
        DisplayNameNotSpeakableRule.self,
        TooManyAlternativeNamesRule.self,
        AppNameCollisionRule.self,
        MixedScriptNameRule.self,
        InvisibleCharactersRule.self,
        SynonymCollisionRule.self,
        DuplicateIdentifierRule.self,
        VocabularyStringTooLongRule.self,
        UnknownIntentNameRule.self,
        UnknownParameterNameRule.self,
        MissingLocalePackRule.self,
        ExampleNotMatchedRule.self,
        TemplateSyntaxRule.self,
        TemplateOvermatchRule.self,
        UntestedTemplateRule.self,
    ]

    public static func rule(_ identifier: String) -> (any LintRule.Type)? {
        allRules.first { $0.description.identifier == identifier }
    }

    /// The known name `word` most likely meant: the nearest by edit distance, else one it is the
    /// start of (`rideOption` → `rideOptionName`), else one holding each of its `_`-separated
    /// words (`missing_display_name` → `missing_localized_display_name`).
    public static func nearestName(to word: String, in known: [String]) -> String? {
        let words = Set(word.lowercased().split(separator: "_"))
        return NearestName.closest(to: word, in: known)
            ?? known.first { $0.lowercased().hasPrefix(word.lowercased()) }
            ?? known.first { words.count > 1 && words.isSubset(of: Set($0.lowercased().split(separator: "_"))) }
    }

    public var rules: [any LintRule.Type]

    public init(rules: [any LintRule.Type] = Linter.allRules) { self.rules = rules }

    /// The rules that cannot run with `context`: they need a stage the caller did not provide.
    public func skipped(in context: LintContext) -> [any LintRule.Type] {
        rules.filter { !context.available.isSuperset(of: $0.description.requires) }
    }

    /// - Complexity: the sum of the rules' costs; each is linear in the input's names and phrases
    ///   except where its documentation says otherwise.
    public func lint(_ input: LintInput, grammar: (any LintGrammar)? = nil) -> [Finding] {
        let context = LintContext(input: input, grammar: grammar)
        let skipped = Set(skipped(in: context).map { $0.description.identifier })
        var findings: [Finding] = []
        for rule in rules where !skipped.contains(rule.description.identifier) {
            findings += rule.init().validate(context)
        }
        return Array(Set(findings)).sorted(by: Finding.inReadingOrder)
    }
}
