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
        let findings = c.rule.init().validate(LintContext(input: try c.example.input()))
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

/// The linter over real files: the built-in sample apps and Apple's fixtures.
struct LintDataTests {
    static func lint(_ paths: [String], packs: String? = nil) throws -> [Finding] {
        let input = try LintInput.load(paths, schemas: TestData.schemas, localePacks: packs,
                                       shown: { CatalogFiles.relative($0, to: PathText(TestData.packageRoot).deletingLastComponent) })
        return Linter().lint(input)
    }

    @Test func theBuiltInMessagingAppWithoutARussianNameIsAnError() throws {
        let findings = try Self.lint([TestData.path("Vocabulary/Apps")])
        let errors = findings.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let f = try #require(errors.first)
        #expect(f.ruleID == "missing_localized_display_name")
        #expect(f.site.file.hasSuffix("Vocabulary/Apps/Awesome.app/ru.lproj/InfoPlist.strings"))
        #expect(f.message.contains("'Awesome'"))
        // Without locale packs, the only other findings are the domains no pack covers.
        #expect(findings.filter { $0.severity != .error }.allSatisfy { $0.ruleID == "missing_locale_pack" })
    }

    @Test func aLocalePackCoversItsLanguageAndDomain() throws {
        let folder = TempFolder()
        folder.write("Locales/ru-RU/messaging.yaml", "language: ru-RU\nintents:\n  INSendMessageIntent:\n    data: []\n")
        folder.write("Locales/en-US/broken.yaml", "language: [en-US\n")
        let findings = try Self.lint([TestData.path("Vocabulary/Apps/Awesome.app")], packs: folder.path + "/Locales")
        let f = try #require(findings.first { $0.ruleID == "missing_locale_pack" })
        #expect(f.message.contains("in de, en, es, fr, ja, zh-Hans, where"))
    }

    @Test(.enabled(if: TestData.hasAppleFixtures, "Apple fixtures not found"))
    func appleFixturesGiveOnlyTrueFindings() throws {
        let findings = try Self.lint([TestData.appleFixtures])
        #expect(!findings.contains { $0.severity == .error })
        let names = findings.filter { $0.ruleID == "missing_localized_display_name" }
        // Home Assistant's resources (now and at an older commit) are localized but name the app nowhere.
        #expect(names.count == 2)
        #expect(names.allSatisfy { $0.site.file.hasSuffix("Sources/App/Resources") && $0.message.contains("no Info.plist") })
        #expect(Set(findings.map(\.ruleID)) == ["missing_localized_display_name", "missing_locale_pack"])
    }

    @Test func pathsAreClassified() throws {
        #expect(LintInput.kind(of: TestData.path("Vocabulary/Users/sample-user.yaml")) == .userVocabulary)
        #expect(LintInput.kind(of: TestData.path("Locales")) == .localePacks)
        #expect(LintInput.kind(of: TestData.path("Vocabulary/Domains")) == nil)
        guard case .apps(let apps)? = LintInput.kind(of: TestData.path("Vocabulary")) else {
            Issue.record("Vocabulary/ holds apps")
            return
        }
        #expect(apps.count == 6)
    }
}

struct LintReporterTests {
    static let findings = [
        Finding(ruleID: "mixed_script_name", severity: .warning, message: "m", site: ErrorSite(file: "A.app/ru.lproj/InfoPlist.strings", line: 3, column: 5),
                suggestion: "fix <it>"),
        Finding(ruleID: "unknown_intent_name", severity: .error, message: "'X' & co", site: ErrorSite(file: "A.app/Info.plist", keyPath: "INIntentsSupported")),
    ]
    static let rules = [MixedScriptNameRule.description, UnknownIntentNameRule.description]

    @Test func textReadsLikeACompiler() {
        #expect(TextLintReporter.report(Self.findings, rules: Self.rules) == """
            A.app/ru.lproj/InfoPlist.strings:3:5: warning: m [mixed_script_name]
              suggestion: fix <it>
            A.app/Info.plist: error: 'X' & co (at INIntentsSupported) [unknown_intent_name]
            1 error, 1 warning
            """)
    }

    @Test func sarifHasRegionsOnlyForLines() throws {
        let text = try SARIFLintReporter.report(Self.findings, rules: Self.rules)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let regions = results.map { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int] }
        #expect(regions[0] == ["startLine": 3, "startColumn": 5])
        #expect(regions[1] == nil)
        #expect(results.map { $0["ruleIndex"] as? Int } == [0, 1])
    }

    @Test func junitEscapesText() {
        let xml = JUnitLintReporter.report(Self.findings, rules: Self.rules)
        #expect(xml.contains("message=\"&apos;X&apos; &amp; co\""))
        #expect(xml.contains("suggestion: fix &lt;it&gt;"))
    }
}

extension LintDataTests {
    @Test func anAppReachedTwiceIsLintedOnce() throws {
        let apps = TestData.path("Vocabulary/Apps")
        let input = try LintInput.load([apps, apps + "/Pigeon.app/", apps + "/../Apps/Pigeon.app"], schemas: TestData.schemas)
        #expect(input.apps.count == 6)
        #expect(!Linter().lint(input).contains { $0.ruleID == "app_name_collision" })
    }
}

extension LintDataTests {
    /// Any strings make a localization: `Localizable.strings` alone, or a String Catalog language
    /// that translates something other than the name.
    @Test func stringsOtherThanTheNameLocalizeTheApp() throws {
        let folder = TempFolder()
        folder.write("Flicks.app/Info.plist", """
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.flicks</string>
            <key>CFBundleDevelopmentRegion</key><string>en</string><key>CFBundleDisplayName</key><string>Flicks</string></dict></plist>
            """)
        folder.write("Flicks.app/InfoPlist.xcstrings", """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "CFBundleDisplayName": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Filmabend"}}}},
              "NSCameraUsageDescription": {"localizations": {"ja": {"stringUnit": {"state": "translated", "value": "写真"}}}}}}
            """)
        folder.write("Flicks.app/ru.lproj/Localizable.strings", "\"Play\" = \"Играть\";\n")
        let input = try LintInput.load([folder.path + "/Flicks.app"], schemas: TestData.schemas, shown: { CatalogFiles.relative($0, to: folder.path) })
        let findings = Linter(rules: [MissingLocalizedDisplayNameRule.self]).lint(input)
        #expect(findings.map(\.site.file) == ["Flicks.app/InfoPlist.xcstrings", "Flicks.app/ru.lproj/Localizable.strings"])
        #expect(findings.map(\.severity) == [.error, .error])
        #expect(findings[0].suggestion == "translate CFBundleDisplayName into ja in InfoPlist.xcstrings")
        #expect(findings[1].suggestion == "add \"CFBundleDisplayName\" = \"…\"; to ru.lproj/InfoPlist.strings")
    }
}
