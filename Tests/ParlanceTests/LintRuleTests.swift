import Foundation
import Testing
@testable import Parlance
import ParlanceText

/// Every rule's examples, run as tests: a triggering example must give a finding of its rule, a
/// non-triggering one none.
struct LintRuleExampleTests {
    struct Case: CustomStringConvertible, Sendable {
        let rule: any LintRule.Type
        let example: LintExample
        let triggers: Bool
        var description: String {
            "\(rule.description.identifier): \(triggers ? "flags" : "accepts") \(example.summary)"
        }
    }

    static let cases: [Case] = Linter.allRules.flatMap { rule in
        rule.description.triggeringExamples.map { Case(rule: rule, example: $0, triggers: true) }
            + rule.description.nonTriggeringExamples.map { Case(rule: rule, example: $0, triggers: false) }
    }

    @Test(arguments: cases)
    func example(_ c: Case) throws {
        let needs = c.rule.description.requires
        let grammar = needs.isEmpty ? nil : try c.example.grammar()
        // A rule that needs the template engine must get it, or it would pass by being skipped.
        #expect(needs.isEmpty || grammar?.provides.isSuperset(of: needs) == true, "the example's packs do not load")
        let findings = c.rule.init().validate(LintContext(input: try c.example.input(), grammar: grammar))
        if c.triggers {
            #expect(!findings.isEmpty, "expected a finding")
            #expect(findings.allSatisfy { $0.ruleID == c.rule.description.identifier })
            #expect(findings.allSatisfy { !$0.message.isEmpty && !$0.site.file.isEmpty })
        } else {
            #expect(findings.isEmpty, "\(findings.map(\.message))")
        }
    }

    @Test func everyRuleIsDescribedWithExamplesOfBothKinds() {
        var seen = Set<String>()
        for rule in Linter.allRules {
            let d = rule.description
            #expect(seen.insert(d.identifier).inserted, "\(d.identifier) twice")
            #expect(d.identifier.allSatisfy { $0.isLowercase || $0 == "_" }, "\(d.identifier)")
            #expect(!d.triggeringExamples.isEmpty && !d.nonTriggeringExamples.isEmpty, "\(d.identifier)")
            #expect(!d.description.isEmpty && !d.name.isEmpty)
        }
    }

    /// The severity a finding takes can be stricter than its rule's default.
    @Test(arguments: [
        ("missing_localized_display_name", "Russian strings, name only in English", Severity.error),
        ("missing_localized_display_name", "German strings, name only in English", .warning),
        ("missing_localized_display_name", "Traditional Chinese strings, name only in Simplified", .warning),
        ("mixed_script_name", "a Cyrillic letter in a Latin word", .error),
        ("mixed_script_name", "a Latin and a Cyrillic word", .warning),
        ("synonym_collision", "two items share a phrase up to case", .error),
        ("synonym_collision", "two apps use one phrase for one parameter", .warning),
    ])
    func severity(_ rule: String, _ summary: String, _ severity: Severity) throws {
        let r = try #require(Linter.rule(rule))
        let example = try #require(r.description.triggeringExamples.first { $0.summary == summary })
        let findings = r.init().validate(LintContext(input: try example.input()))
        #expect(findings.map(\.severity) == [severity])
    }

    @Test func missingDisplayNameNamesTheFolderTheFallbackAndTheFix() throws {
        let example = MissingLocalizedDisplayNameRule.description.triggeringExamples[0]
        let f = try #require(MissingLocalizedDisplayNameRule().validate(LintContext(input: try example.input())).first)
        #expect(f.site.file == "Awesome.app/ru.lproj/InfoPlist.strings")
        #expect(f.message.contains("ru.lproj") && f.message.contains("'Awesome'") && f.message.contains("Cyrillic"))
        #expect(f.suggestion == "add \"CFBundleDisplayName\" = \"…\"; to ru.lproj/InfoPlist.strings")
    }

    @Test func unknownNamesSuggestTheNearestOne() throws {
        let intent = UnknownIntentNameRule.description.triggeringExamples[0]
        #expect(UnknownIntentNameRule().validate(LintContext(input: try intent.input())).first?.suggestion
                == "did you mean 'INSendMessageIntent'?")
        let parameter = UnknownParameterNameRule.description.triggeringExamples[0]
        let f = try #require(UnknownParameterNameRule().validate(LintContext(input: try parameter.input())).first)
        #expect(f.suggestion == "did you mean 'INRequestRideIntent.rideOptionName'?")
        #expect(f.site.keyPath == "ParameterVocabularies[0].ParameterNames[0]")
    }

    /// An example Base and en share is read once, in the development region, and not called
    /// untranslated; the same English text in de is.
    @Test func baseExamplesAreReadOnceInTheDevelopmentRegion() throws {
        let app = TemplateRuleExamples.pigeon
            .intentPhrases("Base", intent: "INSendMessageIntent", "Yo Anna")
            .intentPhrases("en", intent: "INSendMessageIntent", "Yo Anna")
            .intentPhrases("de", intent: "INSendMessageIntent", "Yo Anna")
        let example = TemplateRuleExamples.example("", apps: [app], pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content}"]))
            .packFile("de-DE", "messaging.yaml", "language: de-DE\n" + TemplateRuleExamples.templates(message: ["schreib {recipients} {content}"]))
        let findings = ExampleNotMatchedRule().validate(LintContext(input: try example.input(), grammar: try example.grammar()))
        #expect(findings.count == 2, "\(findings.map(\.message))")
        #expect(findings.filter { $0.message.contains("is it translated?") }.count == 1)
        #expect(findings.contains { $0.site.file.hasSuffix("de.lproj/AppIntentVocabulary.plist") && $0.message.contains("it is the en example") })
    }

    /// The template flagged is the one at fault, not another of the pack.
    @Test(arguments: [("template_overmatch", "get {content}"), ("untested_template", "drop {recipients} a line about {content}")])
    func flagsTheTemplateAtFault(_ rule: String, _ template: String) throws {
        let r = try #require(Linter.rule(rule))
        let example = r.description.triggeringExamples[0]
        let grammar = try #require(try example.grammar())
        let flagged = r.init().validate(LintContext(input: try example.input(), grammar: grammar)).map(\.site)
        let site = try #require(grammar.templates().first { $0.text == template }?.site)
        #expect(flagged == [site])
    }

    /// A pack that does not load leaves the others linted.
    @Test func aBrokenPackDoesNotSilenceTheOthers() throws {
        let example = TemplateRuleExamples.example("", pack: TemplateRuleExamples.templates(message: ["message {recipients} saying {content}", "drop {recipients} a line about {content}"]),
                                                   tests: TemplateRuleExamples.messageToAnna)
            .packFile("de-DE", "messaging.yaml", "language: de-DE\n" + TemplateRuleExamples.templates(message: ["(schreib {recipients} {content}"]))
        let grammar = try #require(try example.grammar())
        #expect(grammar.provides.contains(.packTests))
        #expect(grammar.templateProblems().count == 1)
        let untested = UntestedTemplateRule().validate(LintContext(input: try example.input(), grammar: grammar))
        #expect(untested.map(\.message).count == 1, "\(untested.map(\.message))")
    }

    /// A matcher that understands one sentence.
    struct OneSentenceMatcher: LintGrammar {
        let provides: LintContext.Needs = [.grammar, .matcher]
        func reading(of sentence: String, locale: LocaleID) -> LintReading? {
            sentence == "Message Anna" ? LintReading(intent: "INSendMessageIntent") : nil
        }
    }

    /// The shape of a rule that needs the matcher: IntentPhrases examples must be understood.
    struct ExampleUnderstood: LintRule {
        static let description = RuleDescription(
            identifier: "example_understood", name: "Example understood", severity: .error, description: "test",
            triggeringExamples: [], nonTriggeringExamples: [], requires: .matcher)
        func validate(_ context: LintContext) -> [Finding] {
            context.input.apps.flatMap(\.vocabularies).flatMap { v in
                v.intentPhrases.flatMap(\.examples).filter { context.grammar?.reading(of: $0, locale: v.locale) == nil }
                    .map { finding("'\($0)' is not understood", at: ErrorSite(file: v.file)) }
            }
        }
    }

    @Test func rulesThatNeedTheMatcherRunOnlyWithIt() throws {
        let linter = Linter(rules: [ExampleUnderstood.self])
        let input = try LintExample("", apps: [
            AppFixture("com.example.pigeon", displayName: "Pigeon").intentPhrases("en", intent: "INSendMessageIntent", "Message Anna", "Yo Anna"),
        ]).input()
        #expect(linter.lint(input).isEmpty)
        #expect(linter.skipped(in: LintContext(input: input)).count == 1)
        #expect(linter.lint(input, grammar: OneSentenceMatcher()).map(\.message) == ["'Yo Anna' is not understood"])
    }
}
