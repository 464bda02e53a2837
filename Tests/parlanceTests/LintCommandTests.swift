import Foundation
import Testing
@testable import parlance
import Parlance

struct LintCommandTests {
    /// The rules that read apps and vocabulary only (the SARIF snapshot's; the text snapshot has all).
    static let catalogRules = Linter.allRules.filter { $0.description.requires.isEmpty }.map { $0.description.identifier }.joined(separator: ",")

    @Test(arguments: [
        ("lint-builtin-text.txt", ["lint"], ExitCode.findings),
        ("lint-builtin-sarif.json", ["lint", "--format", "sarif", "--rules", Self.catalogRules], .findings),
        ("lint-builtin-junit.xml", ["lint", "--format", "junit", "--rules", "missing_localized_display_name,invisible_characters"], .findings),
        ("lint-rules.txt", ["lint", "--list-rules"], .success),
        ("lint-help.txt", ["lint", "--help"], .success),
    ])
    func printsAsRecorded(_ name: String, _ args: [String], _ code: ExitCode) throws {
        let r = Snapshot.run(args)
        #expect(r.code == code, "\(r.errors)")
        try Snapshot.expect(r.output, named: name)
    }

    @Test func flagsTheMessagingAppWithoutARussianName() {
        let r = Snapshot.run(["lint", "--rules", "missing_localized_display_name"])
        #expect(r.code == .findings)
        #expect(r.output.hasPrefix("Vocabulary/Apps/Awesome.app/ru.lproj/InfoPlist.strings: error: ru.lproj localizes the app into ru"))
        #expect(r.output.contains("  suggestion: add \"CFBundleDisplayName\" = \"…\"; to ru.lproj/InfoPlist.strings\n"))
        #expect(r.output.hasSuffix("1 error\n"))
    }

    @Test func writesValidSARIF() throws {
        // The recorded run (checked against the command by `printsAsRecorded`).
        let recorded = try Data(contentsOf: Snapshot.folder.appendingPathComponent("lint-builtin-sarif.json"))
        let log = try #require(try JSONSerialization.jsonObject(with: recorded) as? [String: Any])
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "parlance")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == Self.catalogRules.split(separator: ",").count)
        for rule in rules {
            #expect(rule["id"] is String)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] is String)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }
        let results = try #require(run["results"] as? [[String: Any]])
        let error = try #require(results.first { $0["level"] as? String == "error" })
        #expect(error["ruleId"] as? String == "missing_localized_display_name")
        #expect((error["message"] as? [String: Any])?["text"] is String)
        let location = try #require((error["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Vocabulary/Apps/Awesome.app/ru.lproj/InfoPlist.strings")
    }

    @Test func writesJSON() throws {
        let r = Snapshot.run(["lint", "--json", "--rules", "missing_localized_display_name,unknown_intent_name"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["rule"] as? String == "missing_localized_display_name")
        #expect(findings.first?["severity"] as? String == "error")
        #expect((json["summary"] as? [String: Any])?["errors"] as? Int == 1)
    }

    @Test func lintsAUserVocabularyAndAnAppFolder() {
        let r = Snapshot.run(["lint", TestPaths.packageRoot + "/Vocabulary/Users/sample-user.yaml",
                              TestPaths.packageRoot + "/Vocabulary/Apps/Pigeon.app", "--rules", "invisible_characters,duplicate_identifier"])
        #expect(r.code == .success, "\(r.errors)")
        #expect(r.output == "no problems\n")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: LintCommandTests.appleFixtures), "Apple fixtures not found"))
    func appleFixturesHaveNoErrors() {
        let r = Snapshot.run(["lint", Self.appleFixtures])
        #expect(r.code == .success, "\(r.output)\(r.errors)")
        #expect(r.output.contains("home-assistant-iOS/Sources/App/Resources: warning: the app is localized into de, en,"))
    }

    static let appleFixtures = URL(fileURLWithPath: TestPaths.packageRoot).deletingLastPathComponent().path + "/shared/fixtures/apple"

    /// A command line that must fail with `message` and `code`.
    typealias Bad = Snapshot.Bad

    @Test(arguments: [
        Bad(args: ["lint", "/nonexistent/Foo.app"], message: "error: no such file or folder '/nonexistent/Foo.app'", code: .noInput),
        Bad(args: ["lint", "--rules", "missing_display_name"], message: "did you mean 'missing_localized_display_name'?", code: .usage),
        Bad(args: ["lint", "--rules", "mixed_script_names"], message: "did you mean 'mixed_script_name'?", code: .usage),
        Bad(args: ["lint", "--rules", ","], message: "--rules needs at least one rule identifier", code: .usage),
        Bad(args: ["lint", "--format", "xml"], message: "unknown format 'xml'", code: .usage),
        Bad(args: ["lint", "--list-rule"], message: "did you mean '--list-rules'?", code: .usage),
        Bad(args: ["lint", TestPaths.packageRoot + "/Package.swift"], message: "found nothing to lint in", code: .noInput),
    ])
    func rejectsBadInvocations(_ b: Bad) {
        let r = Snapshot.run(b.args)
        #expect(r.code == b.code)
        #expect(r.errors.contains(b.message), "\(r.errors)")
        #expect(r.output.isEmpty)
    }

    /// A pack given by path has its templates linted: each syntax error at its line and column.
    @Test func templateSyntaxErrorsOfAGivenPackAreEachLocated() throws {
        let dir = NSTemporaryDirectory() + "parlance-lint-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Locales/en-US/tests", withIntermediateDirectories: true)
        try Data("""
            language: en-US
            intents:
              INSendMessageIntent:
                data:
                  - sentences:
                      - "(message|text {recipients} saying {content}"
                      - "tell {recipients} [that {content}"
            lists:
              recipients: {type: person}
              content: {wildcard: true}

            """.utf8).write(to: URL(fileURLWithPath: dir + "/Locales/en-US/messaging.yaml"))
        try Data("language: en-US\ntests: []\n".utf8).write(to: URL(fileURLWithPath: dir + "/Locales/en-US/tests/messaging.yaml"))
        let r = Snapshot.run(["lint", dir + "/Locales", "--rules", "template_syntax"])
        #expect(r.code == .findings, "\(r.errors)")
        let lines = r.output.split(separator: "\n").filter { $0.contains("[template_syntax]") }
        #expect(lines.count == 2, "\(r.output)")
        #expect(lines.first?.contains("Locales/en-US/messaging.yaml:6:14: error: unbalanced '('") == true, "\(r.output)")
        #expect(lines.last?.contains("Locales/en-US/messaging.yaml:7:32: error: unbalanced '['") == true, "\(r.output)")
    }

    @Test func malformedFilesExitWithDataErrorAndAPosition() throws {
        let dir = NSTemporaryDirectory() + "parlance-lint-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Bad.app/ru.lproj", withIntermediateDirectories: true)
        try Data("\"CFBundleDisplayName\" = \"Плохо\"\n\"NSCameraUsageDescription\" = \"x\";\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/Bad.app/ru.lproj/InfoPlist.strings"))
        let r = Snapshot.run(["lint", dir])
        #expect(r.code == .dataError)
        #expect(r.errors.contains("Bad.app/ru.lproj/InfoPlist.strings:2:1: error:"), "\(r.errors)")
        #expect(r.errors.contains("hint:"))
        #expect(r.output.isEmpty)
    }
}
