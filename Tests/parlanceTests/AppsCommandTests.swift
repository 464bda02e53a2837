import Foundation
import Testing
@testable import parlance

struct AppsCommandTests {
    func run(_ args: [String]) -> (ExitCode, String, String) {
        let console = Console.capturing()
        let code = Parlance.main(["apps"] + args, console: console)
        return (code, console.capturedOutput, console.capturedErrors)
    }

    @Test func listsTheBuiltInAppsInALocale() {
        let (code, out, _) = run(["--locale", "ru"])
        #expect(code == .success)
        #expect(out.contains("ВендерЛун  [com.example.wenderloon]"))
        #expect(out.contains("name: Vocabulary/Apps/WenderLoon.app/ru.lproj/InfoPlist.strings:3 (exact, step 0)"))
        #expect(out.contains("Awesome  [com.example.awesome]\n  name: Vocabulary/Apps/Awesome.app/en.lproj/InfoPlist.strings:3 (developmentRegion, step 2)"))
        #expect(out.contains("custom intents: ShowMovies"))
        #expect(out.contains("vocabulary: 2 items, 4 synonyms, 1 phrases for INRequestRideIntent.rideOptionName"))
        #expect(!out.contains(TestPaths.packageRoot))
    }

    @Test(arguments: [("apps-ru.txt", ["--locale", "ru-RU"]), ("apps-fixtures-de.txt", ["--locale", "de", "--apps", LintCommandTests.appleFixtures])])
    func printsAsRecorded(_ name: String, _ args: [String]) throws {
        let r = Snapshot.run(["apps"] + args)
        #expect(r.code == .success, "\(r.errors)")
        try Snapshot.expect(r.output.replacingOccurrences(of: LintCommandTests.appleFixtures, with: "fixtures/apple"), named: name)
    }

    @Test func writesJSON() throws {
        let (code, out, _) = run(["--locale", "zh-Hans", "--json", "--apps", TestPaths.packageRoot + "/Vocabulary/Apps/Pigeon.app"])
        #expect(code == .success)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let apps = try #require(json["apps"] as? [[String: Any]])
        let name = try #require(apps.first?["name"] as? [String: Any])
        #expect(name["value"] as? String == "信鸽")
        #expect(name["fallback"] as? String == "exact")
        #expect((name["source"] as? String)?.hasSuffix("Pigeon.app/zh_CN.lproj/InfoPlist.strings") == true)
        #expect(json["locale"] as? String == "zh-Hans")
    }

    @Test func malformedAppsExitWithDataErrorAndAPosition() throws {
        let dir = NSTemporaryDirectory() + "parlance-cli-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Bad.app", withIntermediateDirectories: true)
        try Data("<plist><dict><key>CFBundleIdentifier</key>\n<string>x</dict></plist>".utf8).write(to: URL(fileURLWithPath: dir + "/Bad.app/Info.plist"))
        let (code, _, err) = run(["--apps", dir])
        #expect(code == .dataError)
        #expect(err.contains("Bad.app/Info.plist:2:10: error: malformed property list: expected </string>"))
        #expect(err.contains("hint:"))
        #expect(!err.hasPrefix("error: "))
    }

    @Test func missingFoldersAndBadLocalesAreUsageErrors() {
        #expect(run(["--apps", "/nonexistent"]).0 == .noInput)
        #expect(run(["--locale", "xx-YY"]).0 == .usage)
        #expect(run(["--local", "de"]).2.contains("did you mean '--locale'?"))
    }
}

enum TestPaths {
    static let packageRoot: String = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/", !FileManager.default.fileExists(atPath: dir.path + "/Package.swift") { dir.deleteLastPathComponent() }
        return dir.path
    }()
}
