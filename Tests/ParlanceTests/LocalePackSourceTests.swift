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

    @Test func aMissingFolderIsAnError() {
        expectLocatedError { _ = try LocalePackSource.discover(in: "/nonexistent/Locales") }
    }
}
