import Foundation
import Testing
@testable import Parlance
import ParlanceText

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
