import Testing
@testable import Parlance

struct UserVocabularyTests {
    @Test func readsTheSampleUser() throws {
        let v = try UserVocabulary.load(TestData.path("Vocabulary/Users/sample-user.yaml"))
        let contacts = v[.contactName]
        #expect(contacts.first?.name == "Anna Schmidt" && contacts.first?.rank == 0)
        #expect(contacts.contains { $0.name == "Дмитрий Иванов" && $0.id == "contact-12" })
        #expect(contacts.contains { $0.name == "田中 太郎" && $0.pronunciation == "たなか たろう" })
        #expect(contacts.contains { $0.name == "王 芳" })
        #expect(v[.mediaPlaylistTitle].count == 5)
        #expect(v[.workoutActivityName].contains { $0.name == "утренняя пробежка" })
        #expect(v[.notebookItemGroupName].contains { $0.name == "买菜" })
        #expect(v[.carProfileName].isEmpty)
    }

    @Test func readsJSON() throws {
        let v = try UserVocabulary.parse(#"{"contactName": ["Anna", {"name": "Ben", "id": "b"}], "mediaShowTitle": []}"#, file: "u.json")
        #expect(v[.contactName].map(\.name) == ["Anna", "Ben"])
        #expect(v[.contactName][1].rank == 1)
    }

    @Test func isBuiltInCodeAsItIsRead() throws {
        let read = try UserVocabulary.parse(#"{"contactName": ["Anna", {"name": "Ben", "id": "b"}]}"#, file: "u.json")
        let built = UserVocabulary(items: [.contactName: [.init(name: "Anna", rank: 0), .init(name: "Ben", id: "b", rank: 1)]],
                                   file: "u.json")
        #expect(built == read)
    }

    @Test func allSixteenTypesAreKnown() {
        #expect(UserVocabulary.StringType.allCases.count == 16)
    }

    static let broken: [BrokenInput] = [
        BrokenInput(name: "unknown type", text: "contactName: [Anna]\ncontactNames: [Ben]\n", position: "2:1", message: "did you mean 'contactName'?"),
        BrokenInput(name: "not a list", text: "contactName: Anna\n", position: "1:14", message: "'contactName' must be a list"),
        BrokenInput(name: "entry without name", text: "contactName:\n  - {id: x}\n", position: "2:5", message: "has no 'name'"),
        BrokenInput(name: "unknown entry key", text: "contactName:\n  - {name: A, nick: B}\n", position: "2:15", message: "unknown key 'nick'"),
        BrokenInput(name: "empty name", text: "contactName:\n  - \"  \"\n", position: "2:5", message: "empty name"),
        BrokenInput(name: "too long", text: "photoTag:\n  - " + String(repeating: "é", count: 1025) + "\n", position: "2:5", message: "1025 UTF-16 units"),
        BrokenInput(name: "duplicate key", text: "photoTag: [a]\nphotoTag: [b]\n", position: "2:1", message: "duplicate key 'photoTag'"),
        BrokenInput(name: "bad YAML", text: "photoTag: [a, b\n", position: "2:1", message: "did not find expected"),
        BrokenInput(name: "bad JSON", text: "{\"photoTag\": [\"a\",, \"b\"]}", position: "1:19", message: "did not find expected node content"),
        BrokenInput(name: "null entry", text: "photoTag:\n  - \n", position: "2:4", message: "must be a string"),
    ]

    @Test(arguments: broken)
    func malformedVocabularyIsLocated(_ c: BrokenInput) {
        c.expectFailure { _ = try UserVocabulary.parse($0, file: "user.yaml") }
    }

    @Test func surrogatePairsCountTwiceTowardsTheLimit() throws {
        let ok = String(repeating: "😀", count: 512)
        #expect(try UserVocabulary.parse("photoTag: [\(ok)]", file: "u.yaml")[.photoTag].count == 1)
        expectLocatedError { _ = try UserVocabulary.parse("photoTag: [\(ok)x]", file: "u.yaml") }
    }
}
