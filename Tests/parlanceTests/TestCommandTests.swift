import Foundation
import Testing
@testable import parlance

struct TestCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func reportsPassRatesFailuresAndTimesAsJSON() throws {
        let r = Snapshot.run(["test", "--json", "--grammar", Self.fixtures.appendingPathComponent("lights.yaml").path,
                              Self.fixtures.appendingPathComponent("lights.jsonl").path])
        #expect(r.code == .findings, "\(r.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any])
        #expect(json["total"] as? Int == 2)
        #expect(json["passed"] as? Int == 1)
        #expect(json["intentPassed"] as? Int == 1)
        #expect((json["meanMicroseconds"] as? Double ?? -1) >= 0)
        let failure = try #require((json["failures"] as? [[String: Any]])?.first)
        #expect(failure["sentence"] as? String == "turn off the kitchen light")
        #expect(failure["verdict"] as? String == "noMatch")
        #expect(failure["source"] as? String == "lights.jsonl:2")
    }

    @Test func printsFailuresWithExpectedAndActual() {
        let r = Snapshot.run(["test", "--grammar", Self.fixtures.appendingPathComponent("lights.yaml").path,
                              Self.fixtures.appendingPathComponent("lights.jsonl").path])
        #expect(r.output.contains("1/2 passed (strict 50.00%; intent 50.00%; intent+slots 50.00%)"))
        #expect(r.output.contains("FAIL lights.jsonl:2 [noMatch] \"turn off the kitchen light\""))
        #expect(r.output.contains("expected: HassTurnOff {name: \"Kitchen Light\"} (name_only)"))
        #expect(r.output.contains("time per sentence: mean"))
    }

    @Test(arguments: [
        (["test", "x.jsonl"], "no such file or folder 'x.jsonl'"),
        (["test", TestCommandTests.fixtures.appendingPathComponent("lights.jsonl").path], "missing --grammar"),
        (["test", "--grammar", "g.json"], "missing TESTS"),
        (["test", "--grammar", "/nonexistent/g.json", "t.jsonl"], "cannot read grammar"),
    ])
    func refusesBadCommandLines(_ args: [String], _ message: String) {
        let r = Snapshot.run(args)
        #expect(r.code != .success)
        #expect(r.errors.contains(message), "\(r.errors)")
    }
}

/// Phrase tests outside a pack, and JUnit reports of both kinds of test.
struct PhraseTestCommandTests {
    static let phraseTests = TestCommandTests.fixtures.appendingPathComponent("phrase-tests").path

    /// Times differ run to run: the snapshot shows where they stand, not their value.
    static func timeless(_ xml: String) -> String {
        xml.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="…""#, options: .regularExpression)
    }

    @Test func runsAFolderOfTestFilesWithTheBuiltInPacks() {
        let r = Snapshot.run(["test", Self.phraseTests])
        #expect(r.code == .findings, "\(r.errors)")
        #expect(r.output.contains("phrase-tests/en-US.yaml (en-US): 2/4 passed (50.00%); routed 75.00%;"), "\(r.output)")
        #expect(r.output.contains("expected app com.example.pigeon, got com.example.coinpurse"), "\(r.output)")
    }

    @Test func reportsRoutingAndPassesAsJSON() throws {
        let r = Snapshot.run(["test", "--json", Self.phraseTests + "/en-US.yaml"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [[String: Any]])
        #expect(reports.count == 1)
        #expect(reports.first?["total"] as? Int == 4)
        #expect(reports.first?["passed"] as? Int == 2)
        #expect(reports.first?["routed"] as? Int == 3)
        #expect(reports.first?["locale"] as? String == "en-US")
    }

    @Test func printsPhraseTestsAsRecorded() throws {
        let r = Snapshot.run(["test", Self.phraseTests])
        let shown = r.output.replacingOccurrences(of: Self.phraseTests, with: "phrase-tests")
            .replacingOccurrences(of: #"mean [0-9]+ µs, median [0-9]+ µs, p99 [0-9]+ µs"#, with: "mean … µs, median … µs, p99 … µs",
                                  options: .regularExpression)
        try Snapshot.expect(shown, named: "test-phrases.txt")
    }

    @Test func writesPhraseTestsAsJUnit() throws {
        let r = Snapshot.run(["test", "--format", "junit", Self.phraseTests])
        #expect(r.code == .findings)
        let shown = Self.timeless(r.output).replacingOccurrences(of: Self.phraseTests, with: "phrase-tests")
        try Snapshot.expect(shown, named: "test-phrases-junit.xml")
    }

    @Test func writesHomeAssistantTestsAsJUnit() throws {
        let r = Snapshot.run(["test", "--format", "junit", "--grammar", TestCommandTests.fixtures.appendingPathComponent("lights.yaml").path,
                              TestCommandTests.fixtures.appendingPathComponent("lights.jsonl").path])
        #expect(r.code == .findings)
        let shown = Self.timeless(r.output).replacingOccurrences(of: TestCommandTests.fixtures.path + "/", with: "")
        try Snapshot.expect(shown, named: "test-ha-junit.xml")
    }

    @Test func everyPackSentenceIsAJUnitCase() throws {
        let pack = URL(fileURLWithPath: TestPaths.packageRoot).appendingPathComponent("Locales/en-US").path
        let json = Snapshot.run(["test", "--json", pack])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let total = try #require(reports.first?["total"] as? Int)
        let xml = Snapshot.run(["test", "--format", "junit", pack]).output
        #expect(xml.contains("<testsuites name=\"parlance test\" tests=\"\(total)\""))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == total)
    }
}
