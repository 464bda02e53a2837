import Foundation
import Testing
import ParlanceText
@testable import Parlance
@testable import parlance

struct BatchCommandTests {
    static let matcher: Matcher? = {
        guard let data = DataLocation.locate() else { return nil }
        return try? Matcher(catalog: Catalog.loading(.builtIn(data)))
    }()

    @Test func keepsInputOrderOnManyThreads() throws {
        let m = try #require(Self.matcher)
        let inputs = (0..<40).map { i in
            (i + 1, i % 2 == 0 ? #"{"utterance": "Show me popular movies in Flicks", "id": \#(i)}"#
                               : #"{"utterance": "Buch mir mit WenderLoon eine Fahrt", "locale": "de-DE", "id": "\#(i)"}"#)
        }
        let out = BatchCommand.process(inputs, matcher: m, defaultLocale: try LocaleID("en-US"), top: 1, jobs: 4)
        #expect(out.count == 40)
        for (i, o) in out.enumerated() {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(o.text.utf8)) as? [String: Any])
            if i % 2 == 0 {
                #expect(json["id"] as? Int == i)
                #expect((json["interpretations"] as? [[String: Any]])?.first?["intent"] as? String == "ShowMoviesIntent")
            } else {
                #expect(json["id"] as? String == "\(i)")
                #expect(json["locale"] as? String == "de-DE")
            }
            #expect(!o.failed)
        }
    }

    @Test(arguments: [
        ("not json", "not a JSON object"), (#"{"utterance": 5}"#, "not a JSON object"),
        (#"{"utterance": "hi", "locale": "qq"}"#, "which ICU does not know"),
        (#"{"utterance": "hi", "locale": "zh-TW", "id": 7}"#, "no locale pack for zh-TW"),
    ])
    func reportsABadLineAndGoesOn(_ line: String, _ message: String) throws {
        let m = try #require(Self.matcher)
        let out = BatchCommand.process([(3, line), (4, #"{"utterance": "Show me popular movies in Flicks"}"#)], matcher: m,
                                       defaultLocale: try LocaleID("en-US"), top: 1, jobs: 2)
        #expect(out[0].failed)
        #expect(out[0].text.contains(message), "\(out[0].text)")
        #expect(out[0].text.contains(#""line":3"#))
        #expect(!out[1].failed)
    }

    @Test func rejectsBadOptions() {
        let r = Snapshot.run(["batch", "--jobs", "0"])
        #expect(r.code == .usage)
        #expect(r.errors.contains("--jobs takes a whole number"))
        #expect(Snapshot.run(["batch", "/nonexistent/lines.jsonl"]).errors.contains("cannot read '/nonexistent/lines.jsonl'"))
        #expect(Snapshot.run(["batch", "a.jsonl", "b.jsonl"]).code == .usage)
        let folder = Snapshot.run(["batch", Snapshot.folder.path])
        #expect(folder.code == .noInput)
        #expect(folder.errors.contains("it is a folder"), "\(folder.errors)")
    }

    /// A file of lines in four locales, a blank line and a bad one, as JSON Lines and as text.
    @Test(arguments: [("batch-json.jsonl", [String]()), ("batch-text.txt", ["--format", "text"])])
    func printsAsRecorded(_ name: String, _ format: [String]) throws {
        let file = TestCommandTests.fixtures.appendingPathComponent("batch.jsonl").path
        let r = Snapshot.run(["batch", "--locale", "en-US", "--jobs", "2", "--chunk", "2"] + format + [file])
        #expect(r.code == .findings, "\(r.errors)")
        try Snapshot.expect(r.output, named: name)
    }
}

struct LocalesCommandTests {
    @Test func listsEveryPackWithItsTests() throws {
        let r = Snapshot.run(["locales", "--json"])
        #expect(r.code == .success, "\(r.errors)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["locale"] as? String }) == ["de-DE", "en-US", "es-ES", "fr-FR", "ja-JP", "ru-RU", "zh-CN"])
        for row in rows {
            #expect((row["tests"] as? Int ?? 0) >= 60)
            #expect((row["intents"] as? [String] ?? []).contains("INSendMessageIntent"))
        }
    }

    @Test func failsOnAMissingFolder() {
        let r = Snapshot.run(["locales", "--locales", "no/such/folder"])
        #expect(r.code == .noInput)
        #expect(r.errors.contains("no such folder"))
    }
}
