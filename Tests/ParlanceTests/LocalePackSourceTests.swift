import Testing
@testable import Parlance

struct LocalePackSourceTests {
    @Test func findsPacksAndTheirTests() throws {
        let dir = TempFolder()
        dir.write("Locales/de-DE/messaging.yaml", "language: de\n")
        dir.write("Locales/de-DE/_common.yaml", "language: de\n")
        dir.write("Locales/de-DE/tests/messaging.yaml", "language: de\n")
        dir.write("Locales/de-DE/tests/rides.yaml", "language: de\n")
        dir.write("Locales/pt_BR/media.yml", "language: pt\n")
        dir.write("Locales/README.md", "locale packs\n")
        let packs = try LocalePackSource.discover(in: dir.path + "/Locales")
        #expect(packs.map(\.locale.identifier) == ["de-DE", "pt-BR"])
        let de = packs[0]
        #expect(de.files.map { PathText($0).lastComponent } == ["_common.yaml", "messaging.yaml"])
        #expect(de.tests.map { PathText($0).lastComponent } == ["messaging.yaml", "rides.yaml"])
        #expect(de.unmirrored.packs.map { PathText($0).lastComponent } == ["_common.yaml"])
        #expect(de.unmirrored.tests.map { PathText($0).lastComponent } == ["rides.yaml"])
        #expect(packs[1].tests.isEmpty)
    }

    @Test func aFolderThatIsNotALocaleIsAnError() {
        let dir = TempFolder()
        dir.write("Locales/german/messaging.yaml", "x: 1\n")
        let e = expectLocatedError { _ = try LocalePackSource.discover(in: dir.path + "/Locales") }
        #expect(e?.site.file == dir.path + "/Locales/german")
        #expect(e?.hint == "rename the folder to 'de'")
    }

    /// `afterthoughts:` and `afterthoughts_without_comma:` are read from any pack file; a value
    /// that is not a list of words is refused with the file named.
    @Test(arguments: [
        ("afterthoughts: [que, porque]\nafterthoughts_without_comma: [porque]\n", ["que", "porque"], ["porque"]),
        ("afterthoughts: [que]\n", ["que"], []),
    ])
    func readsTheWordsThatOpenARemark(_ yaml: String, _ marked: [String], _ unmarked: [String]) throws {
        let dir = TempFolder()
        dir.write("Locales/es-ES/_common.yaml", "language: es\n" + yaml)
        let pack = try LocalePack.load(try #require(try LocalePackSource.discover(in: dir.path + "/Locales").first))
        #expect(pack.afterthoughts == marked)
        #expect(pack.unmarkedAfterthoughts == unmarked)
    }

    @Test(arguments: ["afterthoughts_without_comma: que\n", "afterthoughts_without_comma: []\n", "afterthoughts: [que, [porque]]\n"])
    func refusesAfterthoughtsThatAreNotAListOfWords(_ yaml: String) throws {
        let dir = TempFolder()
        dir.write("Locales/es-ES/_common.yaml", "language: es\n" + yaml)
        let source = try #require(try LocalePackSource.discover(in: dir.path + "/Locales").first)
        let error = try #require(throws: PackError.self) { try LocalePack.load(source) }
        #expect(error.file == dir.path + "/Locales/es-ES/_common.yaml:2:" + (yaml.hasPrefix("afterthoughts:") ? "16" : "30"))
        #expect(error.message.contains("must list the words that open a remark"))
    }

    @Test func aMissingFolderIsAnError() {
        expectLocatedError { _ = try LocalePackSource.discover(in: "/nonexistent/Locales") }
    }
}
