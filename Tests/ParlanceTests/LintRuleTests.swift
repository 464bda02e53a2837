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
