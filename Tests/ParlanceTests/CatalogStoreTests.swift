import Testing
@testable import Parlance

/// A catalog is replaced only by one that loaded completely.
struct CatalogStoreTests {
    static func sources(users: String? = nil, apps: [String] = [TestData.path("Vocabulary/Apps")]) -> Catalog.Sources {
        Catalog.Sources(domains: TestData.path("Vocabulary/Domains"), apps: apps, userVocabulary: users)
    }

    @Test func loadsTheBuiltInData() throws {
        let data = try #require(DataLocation.locate(environment: [:]))
        #expect(data.root == TestData.packageRoot)
        let c = try Catalog.loading(.builtIn(data))
        #expect(c.apps.apps.count == 6)
        #expect(c.userVocabulary[.contactName].count > 10)
        #expect(c.schemas.domains.count == 10)
    }

    @Test func environmentOverridesTheDataFolder() {
        #expect(DataLocation.locate(environment: ["PARLANCE_DATA": "/elsewhere"])?.root == "/elsewhere")
    }

    @Test func failedReloadKeepsThePreviousCatalog() throws {
        let store = CatalogStore(try Catalog.loading(Self.sources()))
        let dir = TempFolder()
        let app = try dir.copy(TestData.path("Vocabulary/Apps/Stride.app"), as: "Stride.app")
        dir.write("Stride.app/de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Schritt")
        let e = expectLocatedError { try store.reload { try Catalog.loading(Self.sources(apps: [app])) } }
        #expect(e?.message.contains("unterminated string") == true)
        #expect(store.current.apps.apps.count == 6)
        #expect(store.generation == 0)

        try store.reload { try Catalog.loading(Self.sources(apps: [TestData.path("Vocabulary/Apps/Pigeon.app")])) }
        #expect(store.current.apps.apps.map(\.bundleIdentifier) == ["com.example.pigeon"])
        #expect(store.generation == 1)
    }

    @Test func userVocabularyIsReplacedAloneOrNotAtAll() throws {
        let store = CatalogStore(try Catalog.loading(Self.sources(users: TestData.path("Vocabulary/Users/sample-user.yaml"))))
        let dir = TempFolder()
        let bad = dir.write("bad.yaml", "contactName: [Anna]\nphotoTags: [x]\n")
        expectLocatedError { try store.replaceUserVocabulary { try UserVocabulary.load(bad) } }
        #expect(store.current.userVocabulary[.contactName].count == 13)

        let good = dir.write("good.json", #"{"contactName": ["Ines"]}"#)
        try store.replaceUserVocabulary { try UserVocabulary.load(good) }
        #expect(store.current.userVocabulary[.contactName].map(\.name) == ["Ines"])
        #expect(store.current.apps.apps.count == 6)
        #expect(store.generation == 1)
    }
}
