import Foundation
import Testing
@testable import Parlance
import ParlanceText

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
    @Test func anAppReachedTwiceIsLintedOnce() throws {
        let apps = TestData.path("Vocabulary/Apps")
        let input = try LintInput.load([apps, apps + "/Pigeon.app/", apps + "/../Apps/Pigeon.app"], schemas: TestData.schemas)
        #expect(input.apps.count == 6)
        #expect(!Linter().lint(input).contains { $0.ruleID == "app_name_collision" })
    }
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
    @Test func findingsInPropertyListsGetTheLineOfTheirKeyPath() throws {
        let folder = TempFolder()
        folder.write("Pigeon.app/Info.plist", """
            <plist version="1.0"><dict>
              <key>CFBundleIdentifier</key><string>com.example.pigeon</string>
              <key>CFBundleDisplayName</key><string>Pigeon</string>
              <key>INIntentsSupported</key>
              <array>
                <string>INSendMessageIntent</string>
                <string>INSendMesageIntent</string>
              </array>
            </dict></plist>
            """)
        let input = try LintInput.load([folder.path + "/Pigeon.app"], schemas: TestData.schemas, shown: { CatalogFiles.relative($0, to: folder.path) })
        var locator = FindingLocator(roots: input.roots)
        let findings = locator.locate(Linter(rules: [UnknownIntentNameRule.self]).lint(input))
        #expect(findings.map(\.site.description) == ["Pigeon.app/Info.plist:7:5"])
        #expect(findings.first?.site.keyPath == "INIntentsSupported[1]")
    }
}
