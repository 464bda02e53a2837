import Foundation
import Testing
@testable import Parlance
import ParlanceText

/// Real files from public repositories (Pedometer++'s localizations, Home Assistant's iOS app),
/// kept beside the repository in `shared/fixtures/apple`.
@Suite(.enabled(if: TestData.hasAppleFixtures, "Apple fixtures not found"))
struct AppleFixtureTests {
    static let root = TestData.appleFixtures
    static let pedometer = root + "/PedometerPlusPlusLocalization"
    static let homeAssistant = root + "/home-assistant-iOS"
    static let haResources = homeAssistant + "/at-e505cc7051f5c0b5445daa77e7bd03efe00ea21f/Sources/App/Resources"

    /// Every file Parlance reads, relative to the fixtures folder.
    static let files: [String] = {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        return e.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".strings") || $0.hasSuffix(".plist") || $0.hasSuffix(".intentdefinition") || $0.hasSuffix(".xcstrings")
        }.sorted()
    }()

    @Test func findsTheFixtures() {
        #expect(Self.files.count >= 45)
    }

    @Test(arguments: files)
    func everyFileLoads(_ relative: String) throws {
        let path = Self.root + "/" + relative
        switch PathText(path).lastComponent {
        case "AppIntentVocabulary.plist":
            let folder = PathText(PathText(path).deletingLastComponent).lastComponent
            let locale = try LocalizationFolder.locale(folder, site: ErrorSite(file: path))
            let v = try AppVocabulary.load(path, locale: locale, intents: IntentNameCheck(schemas: TestData.schemas))
            #expect(!v.intentPhrases.isEmpty || !v.parameterVocabularies.isEmpty)
        case let name where name.hasSuffix(".intentdefinition"):
            #expect(try !IntentDefinition.load(path).intents.isEmpty)
        case let name where name.hasSuffix(".strings"):
            #expect(try !StringsFile.load(path).entries.isEmpty)
        default:
            _ = try PropertyList.load(path)
        }
    }

    @Test(arguments: [
        ("ru", "Шагомер", LocalizedName.Fallback.exact, 0), ("de", "Schrittzähler", .exact, 0), ("de-AT", "Schrittzähler", .parentLocale, 1),
        ("zh-Hans", "计步器", .exact, 0), ("zh-CN", "计步器", .exact, 0), ("ko-KR", "페도미터", .parentLocale, 1),
        ("pt-BR", "Pedômetro", .parentLocale, 1), ("ja", "歩数計", .exact, 0), ("en-GB", "Pedometer", .parentLocale, 2),
    ])
    func pedometerDisplayNames(_ locale: String, _ name: String, _ fallback: LocalizedName.Fallback, _ step: Int) throws {
        let app = try App.load(at: Self.pedometer, shownAs: "Pedometer", schemas: TestData.schemas)
        let n = try #require(app.displayName(for: try LocaleID(locale)))
        #expect(n.value == name)
        #expect(n.kind == .displayName)
        #expect(n.fallback == fallback)
        #expect(n.fallbackStep == step)
        #expect(n.source.hasPrefix("Pedometer/") && n.source.hasSuffix(".lproj/InfoPlist.strings"))
        #expect(n.line == 2 || n.line == 3)
    }

    @Test func pedometerLoadsWithoutInfoPlistAndSaysSo() throws {
        let app = try App.load(at: Self.pedometer, schemas: TestData.schemas)
        #expect(app.bundleIdentifier == Self.pedometer)
        #expect(app.localizations.count == 11)
        #expect(app.notes.contains { $0.message.contains("no Info.plist") })
        let v = try #require(app.vocabulary(for: try LocaleID("fr")))
        #expect(v.intentPhrases.map(\.intentName) == ["INStartWorkoutIntent"])
        // Swedish is not localized and there is no development region or Base: no name.
        #expect(app.displayName(for: try LocaleID("sv")) == nil)
    }

    @Test func homeAssistantStringsWithoutDisplayNameLoadAndReportIt() throws {
        let app = try App.load(at: Self.homeAssistant + "/Sources/App/Resources", schemas: TestData.schemas)
        #expect(app.localizations.count == 12)
        #expect(app.displayName(for: try LocaleID("en")) == nil)
        #expect(app.notes.contains { $0.message.hasPrefix("no display name") })
        #expect(app.notes.filter { $0.message.hasPrefix("no CFBundleDisplayName") }.count == 12)
    }

    @Test func homeAssistantIntentDefinitionYieldsCustomIntents() throws {
        let def = try IntentDefinition.load(Self.haResources + "/Base.lproj/Intents.intentdefinition")
        #expect(def.intents.map(\.name) == ["CallService", "SendLocation", "FireEvent", "GetCameraImage", "RenderTemplate",
                                            "UpdateSensors", "OpenPage", "WidgetOpenPage", "Assist", "AssistInApp"])
        let call = try #require(def.intents.first)
        #expect(call.parameters.map(\.name) == ["server", "service", "payload"])
        let server = call.parameters[0]
        #expect(server.type == "Object" && server.objectType == "IntentServer" && server.hasDynamicOptions)
        #expect(def.intents.first { $0.name == "WidgetOpenPage" }?.parameters.first?.isArray == true)
        #expect(def.types.map(\.name).contains("IntentServer"))
        #expect(def.localizations.count == 11)
        let title = try #require(call.title)
        #expect(def.localized(title, locale: try LocaleID("de-CH")) == "z - (Deprecated) Dienst aufrufen")
        #expect(def.localized(title, locale: try LocaleID("ru")) == "z - (Deprecated) Вызвать службу")
        #expect(def.localized(try #require(call.parameters[1].displayName), locale: try LocaleID("ja")) == "サービス")
        #expect(def.localized(title, locale: try LocaleID("sv")) == "z - (Deprecated) Call Service")
    }

    @Test func homeAssistantIntentsExtensionVocabularyFallsBackToBase() throws {
        let app = try App.load(at: Self.homeAssistant + "/Sources/Extensions/Intents/Resources", schemas: TestData.schemas)
        let sv = try #require(app.vocabulary(for: try LocaleID("sv")))
        #expect(sv.file.hasSuffix("Base.lproj/AppIntentVocabulary.plist"))
        #expect(sv.intentPhrases.first?.intentName == "INShareFocusStatusIntent")
        #expect(try #require(app.vocabulary(for: try LocaleID("ko"))).file.contains("ko-KR.lproj"))
    }

    @Test func olderHomeAssistantIntentDefinitionLoads() throws {
        let def = try IntentDefinition.load(Self.homeAssistant + "/at-1be8d3804094a9100a07aa9405e16807603d609f/HomeAssistant/Resources/Intents.intentdefinition")
        #expect(def.intents.map(\.name) == ["CallService", "SendLocation", "FireEvent"])
        #expect(def.intents[0].parameters.map(\.name) == ["serviceName", "serviceData"])
        #expect(def.localizations.isEmpty)
    }
}
