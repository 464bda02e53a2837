import Foundation
import Testing
@testable import Parlance
import ParlanceText

struct AppBundleTests {
    static let appsFolder = TestData.path("Vocabulary/Apps")
    static let catalog = try! AppCatalog.load(folders: [appsFolder], schemas: TestData.schemas, displayRoot: TestData.packageRoot)

    func app(_ id: String) throws -> App { try #require(Self.catalog.app(id)) }

    @Test func loadsTheSampleApps() {
        #expect(Self.catalog.apps.map(\.bundleIdentifier).sorted() == [
            "com.example.awesome", "com.example.bistro", "com.example.coinpurse", "com.example.flicks", "com.example.jotter",
            "com.example.pigeon", "com.example.shoebox", "com.example.stride", "com.example.wenderloon",
        ])
    }

    @Test(arguments: [
        ("com.example.wenderloon", "ja", "ウェンダールーン", LocalizedName.Fallback.exact),
        ("com.example.awesome", "ru", "Awesome", .developmentRegion),
        ("com.example.awesome", "ja", "すごい", .exact),
        ("com.example.pigeon", "zh-Hans", "信鸽", .exact),
        ("com.example.pigeon", "en-GB", "Pigeon Post", .exact),
        ("com.example.pigeon", "en-US", "Pigeon", .parentLocale),
        ("com.example.pigeon", "pt-BR", "Pombo", .exact),
        ("com.example.pigeon", "it", "Pigeon", .developmentRegion),
        ("com.example.flicks", "de", "Filmabend", .exact),
        ("com.example.flicks", "ko", "Flicks", .developmentRegion),
        ("com.example.coinpurse", "es-MX", "Monedero", .parentLocale),
        ("com.example.stride", "fr-CA", "Foulée", .parentLocale),
    ])
    func displayNamesFollowTheFallbackChain(_ id: String, _ locale: String, _ name: String, _ fallback: LocalizedName.Fallback) throws {
        let n = try #require(try app(id).displayName(for: try LocaleID(locale)))
        #expect(n.value == name)
        #expect(n.fallback == fallback)
        #expect(n.source.hasPrefix("Vocabulary/Apps/"))
    }

    @Test func awesomeIsLocalizedIntoRussianWithoutARussianName() throws {
        let a = try app("com.example.awesome")
        #expect(a.localizations.contains { $0.locale.identifier == "ru" })
        #expect(a.notes.contains { $0.file.hasSuffix("ru.lproj/InfoPlist.strings") && $0.message.contains("no CFBundleDisplayName") })
        #expect(a.vocabulary(for: try LocaleID("ru"))?.intentPhrases.first?.examples.first?.contains("Маше") == true)
        #expect(a.supportedIntents.map(\.name) == ["INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent"])
        #expect(a.supportedIntents.first?.source.hasSuffix("PlugIns/AwesomeIntents.appex/Info.plist") == true)
    }

    @Test func wenderLoonHasRideOptionVocabularyAndAlternativeNames() throws {
        let w = try app("com.example.wenderloon")
        let en = try #require(w.vocabulary(for: try LocaleID("en-AU")))
        #expect(en.parameterVocabularies.first?.parameterNames == ["INRequestRideIntent.rideOptionName"])
        #expect(en.parameterVocabularies.first?.items.map(\.identifier) == ["balloon.standard", "balloon.luxury", "balloon.pool"])
        let standard = try #require(en.parameterVocabularies.first?.items.first?.synonyms.first)
        #expect(standard.phrase == "WenderLoon" && standard.pronunciation == "wender loon" && standard.examples.count == 1)
        #expect(w.vocabulary(for: try LocaleID("fr"))?.file.contains("Base.lproj") == true)
        let alternatives = w.names(for: try LocaleID("en")).filter { $0.kind == .alternative }
        #expect(alternatives.map(\.value) == ["Wender Loon", "Balloon Rides"])
        #expect(alternatives.first?.pronunciationHint == "wender loon")
    }

    @Test func flicksHasACustomIntentWithDynamicOptions() throws {
        let f = try app("com.example.flicks")
        let intent = try #require(f.customIntents.first)
        #expect(intent.name == "ShowMovies" && intent.className == "ShowMoviesIntent")
        let category = try #require(intent.parameters.first)
        #expect(category.name == "category" && category.hasDynamicOptions && category.objectType == "MovieCategory")
        let def = try #require(f.intentDefinitions.first)
        #expect(def.localized(try #require(intent.title), locale: try LocaleID("de")) == "Filme zeigen")
        let options = try #require(f.vocabulary(for: try LocaleID("en"))?.parameterVocabularies.first)
        #expect(options.parameterNames == ["ShowMoviesIntent.category"])
        #expect(options.items.map { $0.synonyms[0].phrase } == ["Now Playing", "Popular", "Top Rated"])
        #expect(f.supportedIntents.map(\.name) == ["ShowMoviesIntent", "INPlayMediaIntent", "INAddMediaIntent"])
    }

    @Test func coinpurseReadsABinaryInfoPlistWithASpokenName() throws {
        let c = try app("com.example.coinpurse")
        #expect(c.names(for: try LocaleID("en")).contains { $0.kind == .spokenName && $0.value == "coin purse" })
        #expect(c.supportedIntents.map(\.name) == ["INSendPaymentIntent", "INRequestPaymentIntent"])
    }

    // MARK: - Bad bundles

    /// A copy of Pigeon.app with one file replaced.
    func pigeon(with file: String, _ text: String) throws -> (TempFolder, String) {
        let dir = TempFolder()
        let app = try dir.copy(Self.appsFolder + "/Pigeon.app", as: "Pigeon.app")
        dir.write("Pigeon.app/" + file, text)
        return (dir, app)
    }

    static func info(_ extra: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.pigeon</string>
        \(extra)
        </dict>
        </plist>
        """
    }

    static let badBundles: [BrokenInput] = [
        BrokenInput(name: "Info.plist: misspelt system intent", text: "Info.plist|" + info("\t<key>INIntentsSupported</key>\n\t<array>\n\t\t<string>INSendMesageIntent</string>\n\t</array>"),
                    position: "8:3", message: "did you mean 'INSendMessageIntent'?"),
        BrokenInput(name: "Info.plist: display name not a string", text: "Info.plist|" + info("\t<key>CFBundleDisplayName</key>\n\t<integer>3</integer>"),
                    position: "7:2", message: "expected <string>, found <integer> (at CFBundleDisplayName)"),
        BrokenInput(name: "Info.plist: intents not an array", text: "Info.plist|" + info("\t<key>INIntentsSupported</key>\n\t<string>INSendMessageIntent</string>"),
                    position: "7:2", message: "expected <array>"),
        BrokenInput(name: "Info.plist: broken XML", text: "Info.plist|" + info("\t<key>CFBundleName</key>\n\t<string>Pigeon</strin>"),
                    position: "7:16", message: "expected </string>"),
        BrokenInput(name: "Info.plist: bad development region", text: "Info.plist|" + info("\t<key>CFBundleDevelopmentRegion</key>\n\t<string>english please</string>"),
                    position: "7:2", message: "does not name a locale"),
        BrokenInput(name: "vocabulary: unknown intent", text: "Base.lproj/AppIntentVocabulary.plist|<plist><dict><key>IntentPhrases</key><array><dict>\n<key>IntentName</key><string>INOrderPizzaIntent</string></dict></array></dict></plist>",
                    position: "2:22", message: "'INOrderPizzaIntent' is not a SiriKit intent"),
        BrokenInput(name: "vocabulary: unknown parameter", text: "Base.lproj/AppIntentVocabulary.plist|<plist><dict><key>ParameterVocabularies</key><array><dict>\n<key>ParameterNames</key><array><string>INSendMessageIntent.recipient</string></array><key>ParameterVocabulary</key><array/></dict></array></dict></plist>",
                    position: "2:33", message: "did you mean 'recipients'?"),
        BrokenInput(name: "vocabulary: missing identifier", text: "Base.lproj/AppIntentVocabulary.plist|<plist><dict><key>ParameterVocabularies</key><array><dict><key>ParameterNames</key><array><string>INStartCallIntent.contacts</string></array>\n<key>ParameterVocabulary</key><array><dict/></array></dict></array></dict></plist>",
                    position: "2:38", message: "missing key 'VocabularyItemIdentifier'"),
        BrokenInput(name: "strings: unterminated", text: "de.lproj/InfoPlist.strings|\"CFBundleDisplayName\" = \"Brieftaube;\n",
                    position: "1:25", message: "unterminated string"),
        BrokenInput(name: "strings: invalid UTF-8", text: "fr.lproj/InfoPlist.strings|\"CFBundleDisplayName\" = \"Pig\u{FFFF}eon\";",
                    position: "1:-", message: ""),
    ]

    @Test(arguments: badBundles)
    func badBundlesFailWithLocatedErrors(_ c: BrokenInput) throws {
        let parts = c.text.split(separator: "|", maxSplits: 1).map(String.init)
        let (dir, path) = try pigeon(with: parts[0], parts[1])
        if c.name.contains("invalid UTF-8") {
            var bytes = Array(parts[1].utf8)
            bytes[27] = 0xC0
            dir.write("Pigeon.app/" + parts[0], bytes: bytes)
        }
        let e = expectLocatedError { _ = try App.load(at: path, shownAs: "Pigeon.app", schemas: TestData.schemas) }
        #expect(e?.site.file == "Pigeon.app/" + parts[0])
        if !c.message.isEmpty {
            #expect(e?.position == c.position)
            #expect(e?.description.contains(c.message) == true, "\(e?.description ?? "")")
        } else {
            #expect(e is TextEncodingError)
        }
        #expect(e?.hint.isEmpty == false)
    }

    @Test func customIntentNamesAreNotSystemIntents() throws {
        // `ShowMoviesIntent` is fine in Flicks (its .intentdefinition defines it), not in Pigeon.
        let (dir, path) = try pigeon(with: "Base.lproj/AppIntentVocabulary.plist",
                                     "<plist><dict><key>IntentPhrases</key><array><dict><key>IntentName</key><string>ShowMoviesIntent</string></dict></array></dict></plist>")
        let app = try withExtendedLifetime(dir) { try App.load(at: path, schemas: TestData.schemas) }
        #expect(app.vocabulary(for: try LocaleID("en"))?.intentPhrases.first?.intentName == "ShowMoviesIntent")
    }

    @Test func duplicateBundleIdentifiersAreRefused() throws {
        let dir = TempFolder()
        _ = try dir.copy(Self.appsFolder + "/Pigeon.app", as: "apps/Pigeon.app")
        _ = try dir.copy(Self.appsFolder + "/Pigeon.app", as: "apps/Pigeon copy.app")
        let e = expectLocatedError { _ = try AppCatalog.load(folders: [dir.path + "/apps"], schemas: TestData.schemas) }
        #expect(e?.message.contains("com.example.pigeon") == true)
    }

    @Test func findsAnInstalledAppByItsBundleIdentifier() throws {
        let catalog = try AppCatalog.load(folders: [Self.appsFolder], schemas: TestData.schemas)
        #expect(catalog.contains("com.example.pigeon"))
        #expect(catalog.app("com.example.pigeon")?.bundleIdentifier == "com.example.pigeon")
        for other in ["com.example.Pigeon", "com.example", "", "com.example.pigeon "] {
            #expect(!catalog.contains(other))
            #expect(catalog.app(other) == nil)
        }
    }

    @Test func aLocalizationFolderThatNamesNoLocaleIsAnError() throws {
        let (dir, path) = try pigeon(with: "Deutsch.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Taube\";")
        let e = withExtendedLifetime(dir) { expectLocatedError { _ = try App.load(at: path, shownAs: "Pigeon.app", schemas: TestData.schemas) } }
        #expect(e?.site.file == "Pigeon.app/Deutsch.lproj")
        #expect(e?.hint.contains("en.lproj") == true)
    }

    @Test func aBrokenStringCatalogIsLocated() throws {
        let (dir, path) = try pigeon(with: "InfoPlist.xcstrings", "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\"CFBundleDisplayName\": {\"localizations\": {\"de\": 7}}}\n}")
        let e = withExtendedLifetime(dir) { expectLocatedError { _ = try App.load(at: path, shownAs: "Pigeon.app", schemas: TestData.schemas) } }
        #expect(e?.site.file == "Pigeon.app/InfoPlist.xcstrings")
        #expect(e?.position == "3:63")
    }

    @Test func aFolderWithoutAppsIsNotABundle() throws {
        let dir = TempFolder()
        dir.write("README.md", "nothing here")
        let e = expectLocatedError { _ = try App.load(at: dir.path, schemas: TestData.schemas) }
        #expect(e is AppBundleError)
    }
}
