import Foundation
import Testing
@testable import parlance

struct NormalizeCommandTests {
    @Test(arguments: [
        ("normalize-de-text.txt", ["normalize", "--locale", "de-DE", "Überweise Jürgen zwanzig Euro"]),
        ("normalize-ja-json.json", ["normalize", "--locale", "ja", "--json", "ﾊﾟｰﾃｨｰを三人で、5000円"]),
        ("normalize-ru-json.json", ["normalize", "-l", "ru", "--format", "json", "Переведи Маше пятьсот рублей"]),
        ("normalize-help.txt", ["normalize", "--help"]),
    ])
    func printsAsRecorded(_ name: String, _ args: [String]) throws {
        let r = Snapshot.run(args)
        #expect(r.code == .success, "\(r.errors)")
        try Snapshot.expect(r.output, named: name)
    }

    @Test func printsTheContractShapeInJSON() throws {
        let r = Snapshot.run(["normalize", "--locale", "en-US", "--json", "Send $20 to Anna"])
        let json = try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: Any]
        #expect(json?["locale"] as? String == "en-US")
        let tokens = json?["tokens"] as? [[String: Any]] ?? []
        #expect(tokens.map { $0["text"] as? String } == ["Send", "$", "20", "to", "Anna"])
        #expect(tokens.first?["range"] as? [Int] == [0, 4])
        let keys = Set((tokens.first ?? [:]).keys)
        #expect(keys.isSuperset(of: ["text", "range", "key", "latin", "kind"]))
        let amounts = json?["amounts"] as? [[String: Any]] ?? []
        #expect(amounts.first?["currencyCode"] as? String == "USD")
        #expect(amounts.first?["range"] as? [Int] == [5, 8])
        #expect((json?["numbers"] as? [[String: Any]])?.first?["value"] as? Int == 20)
    }

    @Test(arguments: [
        Snapshot.Bad(args: ["normalize"], message: "error: missing TEXT", code: .usage),
        Snapshot.Bad(args: ["normalize", "--locale", "xx-!!", "a"], message: "is not a locale", code: .usage),
        Snapshot.Bad(args: ["normalize", "--locale", "qq", "a"], message: "which ICU does not know", code: .usage),
        Snapshot.Bad(args: ["normalize", "--locle", "de", "a"], message: "did you mean '--locale'?", code: .usage),
        Snapshot.Bad(args: ["normalize", "--format", "xml", "a"], message: "unknown format 'xml'", code: .usage),
        Snapshot.Bad(args: ["normalise", "a"], message: "did you mean 'normalize'?", code: .usage),
        Snapshot.Bad(args: ["normalize", "--locale"], message: "option '--locale' needs a locale", code: .usage),
    ])
    func rejectsBadInvocations(_ b: Snapshot.Bad) {
        let r = Snapshot.run(b.args)
        #expect(r.code == b.code)
        #expect(r.errors.contains(b.message), "\(r.errors)")
        #expect(r.output.isEmpty)
    }
}
