import Testing
@testable import Parlance

struct StringCatalogTests {
    static let sample = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "CFBundleDisplayName" : {
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Filmabend" } },
                "ko" : { "stringUnit" : { "state" : "new", "value" : "" } },
                "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Soirée Ciné" } }
              }
            },
            "NSUserActivityTypes" : { "shouldTranslate" : false }
          },
          "version" : "1.0"
        }
        """

    @Test func readsUnitsStatesAndSkipsEmptyValues() throws {
        let c = try StringCatalog.parse(Self.sample, file: "InfoPlist.xcstrings")
        #expect(c.sourceLanguage == "en")
        #expect(c.unit("CFBundleDisplayName", language: "de")?.value == "Filmabend")
        #expect(c.unit("CFBundleDisplayName", language: "de")?.location.line == 7)
        #expect(c.unit("CFBundleDisplayName", language: "fr")?.state == "needs_review")
        #expect(c.unit("CFBundleDisplayName", language: "ko") == nil)
        #expect(c.languages(for: "CFBundleDisplayName") == ["de", "fr"])
    }

    @Test(arguments: [
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"de\": {\"stringUnit\": {\"state\": \"done\", \"value\": \"x\"}}}}}}",
         "1:93", "unknown state 'done'"),
        ("{\"sourceLanguage\": \"en\",\n \"strings\": {\"a\": {\"comment\": \"x\", \"comment\": \"y\"}}}", "2:36", "duplicate key 'comment'"),
        ("{\"sourceLanguage\": \"en\",\n \"strings\": {\"a\": {\"localisations\": {}}}}", "2:20", "unknown key 'localisations'"),
        ("{\"sourceLanguage\": \"en\",\n \"strings\": [1, 2]}", "2:13", "'strings' must be a mapping"),
        ("{\"sourceLanguage\": \"en\",\n \"strings\": {\"a\": }", "3:1", "did not find expected"),
        ("{\"strings\": {}}", "1:1", "has no 'sourceLanguage'"),
    ])
    func malformedCatalogsAreLocated(_ text: String, _ position: String, _ message: String) {
        let e = expectLocatedError { _ = try StringCatalog.parse(text, file: "InfoPlist.xcstrings") }
        #expect(e?.position == position)
        #expect(e?.description.contains(message) == true, "\(e?.description ?? "")")
    }
}
