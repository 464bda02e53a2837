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
        (["test", "x.jsonl"], "missing --grammar"),
        (["test", "--grammar", "g.json"], "missing TESTS"),
        (["test", "--grammar", "/nonexistent/g.json", "t.jsonl"], "cannot read grammar"),
    ])
    func refusesBadCommandLines(_ args: [String], _ message: String) {
        let r = Snapshot.run(args)
        #expect(r.code != .success)
        #expect(r.errors.contains(message), "\(r.errors)")
    }
}
