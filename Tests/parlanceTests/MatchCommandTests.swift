import Foundation
import Testing
@testable import parlance

/// `match`, `explain` and `locales` end to end on the built-in data, against recorded snapshots.
struct MatchCommandTests {
    @Test(arguments: [
        ("match-en-ride.txt", ["match", "--locale", "en-US", "Book a ride using WenderLoon from Heathrow airport"]),
        ("match-en-payment.json", ["match", "--locale", "en-US", "--json", "Send Anna twenty euros for lunch with Coinpurse"]),
        ("match-ru-payment.txt", ["match", "--locale", "ru-RU", "скинь Маше пятьсот рублей на такси"]),
        ("match-ja-ride.txt", ["match", "--locale", "ja-JP", "ウェンダールーンでヒースロー空港から気球を呼んで"]),
        ("explain-en-movies.txt", ["explain", "--locale", "en-US", "Show me popular movies in Flicks"]),
        ("locales.txt", ["locales"]),
        ("root-help.txt", ["--help"]),
    ])
    func printsAsRecorded(_ name: String, _ args: [String]) throws {
        let r = Snapshot.run(args)
        #expect(r.code == .success, "\(r.errors)")
        try Snapshot.expect(r.output, named: name)
    }

    @Test func exitsWithFindingsWhenNothingIsAccepted() {
        let r = Snapshot.run(["match", "--locale", "en-US", "what is the meaning of life"])
        #expect(r.code == .findings)
        #expect(r.output.contains("no reading"))
    }

    @Test(arguments: [
        Snapshot.Bad(args: ["match"], message: "missing UTTERANCE", code: .usage),
        Snapshot.Bad(args: ["match", "--locale", "zh-TW", "你好"], message: "no locale pack for zh-TW", code: .dataError),
        Snapshot.Bad(args: ["match", "--apps", "no/such/folder", "hi"], message: "no such file or folder", code: .noInput),
        Snapshot.Bad(args: ["match", "--top", "0", "hi"], message: "--top takes a whole number", code: .usage),
        Snapshot.Bad(args: ["mtach", "hi"], message: "did you mean 'match'?", code: .usage),
        Snapshot.Bad(args: ["explain", "--lcoale", "de", "hi"], message: "did you mean '--locale'?", code: .usage),
        Snapshot.Bad(args: ["match", "--apps", Snapshot.folder.path, "hi"], message: "error: no apps here", code: .noInput),
        Snapshot.Bad(args: ["apps", "--apps", Snapshot.folder.path], message: "error: no apps here", code: .noInput),
    ])
    func rejectsBadInvocations(_ b: Snapshot.Bad) {
        let r = Snapshot.run(b.args)
        #expect(r.code == b.code)
        #expect(r.errors.contains(b.message), "\(r.errors)")
    }
}
