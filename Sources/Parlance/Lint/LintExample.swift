import Foundation
import ParlanceText

/// A small in-memory input a rule must flag (or must accept): apps described by a builder, user
/// vocabulary and locale packs, checked against a few SiriKit intents.
///
/// ```swift
/// LintExample("Russian strings without a Russian name", apps: [
///     AppFixture("com.example.awesome", displayName: "Awesome")
///         .lproj("en", ["CFBundleDisplayName": "Awesome"])
///         .lproj("ru", ["NSContactsUsageDescription": "Awesome ищет людей"])])
/// ```
public struct LintExample: Sendable, CustomStringConvertible {
    public var summary: String
    public var apps: [AppFixture]
    public var userVocabulary: [UserVocabulary.StringType: [UserVocabulary.Item]]
    /// Locale packs by locale, with the intents they have templates for.
    public var localePacks: [String: [String]]
    /// Locale pack files written out in full, for the rules that read templates.
    public var packFiles: [PackFile] = []

    /// A file of a locale pack: `Locales/<locale>/<name>`, or `Locales/<locale>/tests/<name>`.
    public struct PackFile: Sendable {
        public var locale: String
        public var name: String
        public var isTest: Bool
        public var text: String
    }

    public init(_ summary: String, apps: [AppFixture] = [], userVocabulary: [UserVocabulary.StringType: [String]] = [:],
                localePacks: [String: [String]] = [:]) {
        self.summary = summary
        self.apps = apps
        self.userVocabulary = userVocabulary.mapValues { names in
            names.enumerated().map { UserVocabulary.Item(name: $0.element, id: nil, pronunciation: nil, rank: $0.offset) }
        }
        self.localePacks = localePacks
    }

    /// The same example with user vocabulary items given in full (identifiers, pronunciations).
    public func userItems(_ type: UserVocabulary.StringType, _ items: [UserVocabulary.Item]) -> LintExample {
        var copy = self
        copy.userVocabulary[type] = items
        return copy
    }

    /// The same example with a locale pack file (`messaging.yaml`) written out in full.
    public func packFile(_ locale: String, _ name: String, _ yaml: String) -> LintExample {
        var copy = self
        copy.packFiles.append(PackFile(locale: locale, name: name, isTest: false, text: yaml))
        return copy
    }

    /// The same example with a locale pack's test file (`tests/messaging.yaml`).
    public func packTests(_ locale: String, _ name: String, _ yaml: String) -> LintExample {
        var copy = self
        copy.packFiles.append(PackFile(locale: locale, name: name, isTest: true, text: yaml))
        return copy
    }

    public var description: String { summary }

    /// The template engine's stage for the example: its pack files written to a temporary
    /// folder, read, and its apps installed; nil when it has no pack files.
    public func grammar() throws -> PackLintGrammar? {
        guard !packFiles.isEmpty else { return nil }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for f in packFiles {
            let folder = root.appendingPathComponent(f.locale + (f.isTest ? "/tests" : ""))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try f.text.write(to: folder.appendingPathComponent(f.name), atomically: true, encoding: .utf8)
        }
        let sources = try LocalePackSource.discover(in: root.path)
        let input = try self.input()
        let catalog = Catalog(schemas: Self.schemas, apps: try AppCatalog(input.apps),
                              userVocabulary: input.userVocabularies.first ?? .empty, localePacks: sources)
        return PackLintGrammar(apps: catalog, packs: sources, samples: catalog)
    }

    public func input() throws -> LintInput {
        LintInput(schemas: Self.schemas, apps: try apps.map { try $0.build() },
                  userVocabularies: userVocabulary.isEmpty ? [] : [UserVocabulary(items: userVocabulary, file: "user.yaml")],
                  localePacks: try localePacks.sorted { $0.key < $1.key }.map {
                      LocalePackCoverage(locale: try LocaleID($0.key), folder: "Locales/\($0.key)", intents: Set($0.value))
                  } + packCoverage())
    }

    /// What the written-out pack files cover, read from their `intents:` keys.
    private func packCoverage() throws -> [LocalePackCoverage] {
        var intents: [String: Set<String>] = [:]
        for f in packFiles where !f.isTest {
            let root = try? YAML.parse(f.text, file: f.name)
            intents[f.locale, default: []].formUnion((root?["intents"]?.mapping ?? []).compactMap(\.key.string))
        }
        return try intents.sorted { $0.key < $1.key }.map {
            LocalePackCoverage(locale: try LocaleID($0.key), folder: "Locales/\($0.key)", intents: $0.value)
        }
    }

    /// The intents examples may name: a few of SiriKit's, enough to show every rule.
    public static let schemas: DomainSchemaSet = {
        func p(_ name: String, _ type: String = "String") -> ParameterSchema {
            ParameterSchema(name: name, type: type, isArray: false, isRequired: false, isResolvable: true, enumCases: [])
        }
        func intent(_ name: String, _ domain: String, _ parameters: [ParameterSchema]) -> IntentSchema {
            IntentSchema(name: name, domain: domain, parameters: parameters, deprecated: nil)
        }
        return DomainSchemaSet([
            DomainSchema(name: "messaging", title: "Messaging", intents: [
                intent("INSendMessageIntent", "messaging", [p("recipients", "INPerson"), p("content"), p("speakableGroupName", "INSpeakableString")]),
            ], file: "messaging.yaml"),
            DomainSchema(name: "rideBooking", title: "Ride booking", intents: [
                intent("INRequestRideIntent", "rideBooking", [p("pickupLocation", "CLPlacemark"), p("dropOffLocation", "CLPlacemark"),
                                                               p("rideOptionName", "INSpeakableString"), p("partySize", "Int")]),
            ], file: "rideBooking.yaml"),
            DomainSchema(name: "workouts", title: "Workouts", intents: [
                intent("INStartWorkoutIntent", "workouts", [p("workoutName", "INSpeakableString"), p("goalValue", "Double")]),
            ], file: "workouts.yaml"),
        ])
    }()
}

/// An app for a rule's examples, built up the way its files would be written: Info.plist names,
/// then one `.lproj` at a time.
public struct AppFixture: Sendable {
    struct Lproj: Sendable {
        var folder: String
        var strings: [(key: String, value: String)]?
        var parameterVocabularies: [ParameterVocabulary] = []
        var intentPhrases: [IntentPhrases] = []
    }

    var identifier: String
    var infoPlist: [(key: String, value: String)]
    var developmentRegion: String?
    var alternativeNames: [String] = []
    var intents: [String] = []
    var customIntents: [CustomIntent] = []
    var lprojs: [Lproj] = []
    /// `InfoPlist.xcstrings`: language → entries.
    var stringCatalog: [(language: String, strings: [(key: String, value: String)])] = []

    /// - Parameters:
    ///   - displayName: Info.plist's `CFBundleDisplayName`.
    ///   - infoPlist: other Info.plist names (`CFBundleName`, `CFBundleSpokenName`).
    public init(_ identifier: String, displayName: String? = nil, infoPlist: KeyValuePairs<String, String> = [:],
                developmentRegion: String? = "en") {
        self.identifier = identifier
        self.infoPlist = (displayName.map { [("CFBundleDisplayName", $0)] } ?? []) + infoPlist.map { ($0.key, $0.value) }
        self.developmentRegion = developmentRegion
    }

    /// `Awesome.app` for `com.example.awesome`.
    var folder: String {
        let last = identifier.split(separator: ".").last.map(String.init) ?? identifier
        return last.prefix(1).uppercased() + last.dropFirst() + ".app"
    }

    private func with(_ change: (inout AppFixture) -> Void) -> AppFixture {
        var copy = self
        change(&copy)
        return copy
    }

    private func withLproj(_ language: String, _ change: (inout Lproj) -> Void) -> AppFixture {
        with { app in
            let folder = language + ".lproj"
            if let i = app.lprojs.firstIndex(where: { $0.folder == folder }) {
                change(&app.lprojs[i])
            } else {
                var l = Lproj(folder: folder, strings: nil)
                change(&l)
                app.lprojs.append(l)
            }
        }
    }

    /// `INIntentsSupported`.
    public func intents(_ names: String...) -> AppFixture { with { $0.intents += names } }

    /// `INAlternativeAppNames`.
    public func alternativeNames(_ names: String...) -> AppFixture { with { $0.alternativeNames += names } }

    /// A custom intent from an `.intentdefinition`.
    public func customIntent(_ name: String, parameters: [String]) -> AppFixture {
        with {
            $0.customIntents.append(CustomIntent(
                name: name, title: nil, description: nil, category: nil,
                parameters: parameters.map { .init(name: $0, displayName: nil, type: "String", objectType: nil, enumType: nil,
                                                   isArray: false, hasDynamicOptions: false) }))
        }
    }

    /// `<language>.lproj/InfoPlist.strings` with these entries, one a line, in order.
    public func lproj(_ language: String, _ strings: KeyValuePairs<String, String>) -> AppFixture {
        withLproj(language) { $0.strings = ($0.strings ?? []) + strings.map { ($0.key, $0.value) } }
    }

    /// Entries of one language in `InfoPlist.xcstrings`.
    public func stringCatalog(_ language: String, _ strings: KeyValuePairs<String, String>) -> AppFixture {
        with { $0.stringCatalog.append((language, strings.map { ($0.key, $0.value) })) }
    }

    /// A `ParameterVocabularies` entry of `<language>.lproj/AppIntentVocabulary.plist`: items by
    /// identifier, each with its synonyms' phrases.
    public func vocabulary(_ language: String, parameter: String, items: KeyValuePairs<String, [String]>) -> AppFixture {
        withLproj(language) { l in
            l.parameterVocabularies.append(ParameterVocabulary(parameterNames: [parameter], items: items.map { item in
                VocabularyItem(identifier: item.key, synonyms: item.value.map { VocabularySynonym(phrase: $0, pronunciation: nil, examples: []) })
            }))
        }
    }

    /// An `IntentPhrases` entry of `<language>.lproj/AppIntentVocabulary.plist`.
    public func intentPhrases(_ language: String, intent: String, _ examples: String...) -> AppFixture {
        withLproj(language) { $0.intentPhrases.append(IntentPhrases(intentName: intent, examples: examples)) }
    }

    /// An empty `<dict/>`: the files' readers build the values the builder then fills.
    private static let emptyPlist = PropertyList(.dictionary([]), site: ErrorSite(file: "example"))

    /// The name entries among `strings`; `numbered` gives each its line (one entry a line).
    private static func names(in strings: [(key: String, value: String)], file: String,
                              numbered: Bool) -> [LocalizedName.Kind: App.Localization.Entry] {
        var out: [LocalizedName.Kind: App.Localization.Entry] = [:]
        for (line, entry) in strings.enumerated() {
            guard let kind = App.nameKeys.first(where: { $0.0 == entry.key })?.1 else { continue }
            out[kind] = .init(value: entry.value, source: file, line: numbered ? line + 1 : nil)
        }
        return out
    }

    func build() throws -> App {
        let info = folder + "/Info.plist"
        var app = App(bundleIdentifier: identifier, path: folder, developmentRegion: try developmentRegion.map { try LocaleID($0) },
                      infoPlistNames: [:], alternativeNames: [], localizations: [],
                      supportedIntents: intents.map { App.SupportedIntent(name: $0, source: info) },
                      intentDefinitions: [], notes: [])
        for (key, kind) in App.nameKeys {
            if let v = infoPlist.first(where: { $0.key == key })?.value { app.infoPlistNames[kind] = v }
        }
        app.alternativeNames = alternativeNames.map {
            LocalizedName(value: $0, kind: .alternative, locale: nil, source: info, fallback: .infoPlist, fallbackStep: 0)
        }
        if !customIntents.isEmpty {
            var definition = try IntentDefinition(Self.emptyPlist, file: folder + "/Base.lproj/Intents.intentdefinition")
            definition.intents = customIntents
            app.intentDefinitions = [definition]
        }
        for (language, strings) in stringCatalog {
            let file = folder + "/InfoPlist.xcstrings"
            var localization = App.Localization(folder: "InfoPlist.xcstrings (\(language))", locale: try LocaleID(language), names: [:],
                                                vocabulary: nil, stringsFiles: [file])
            localization.names = Self.names(in: strings, file: file, numbered: false)
            app.localizations.append(localization)
        }
        for l in lprojs {
            let locale = try LocaleID(String(l.folder.dropLast(".lproj".count)))
            var localization = App.Localization(folder: l.folder, locale: locale, names: [:], vocabulary: nil)
            if let strings = l.strings {
                let file = folder + "/" + l.folder + "/InfoPlist.strings"
                localization.stringsFiles = [file]
                localization.names = Self.names(in: strings, file: file, numbered: true)
            }
            if !l.parameterVocabularies.isEmpty || !l.intentPhrases.isEmpty {
                var vocabulary = try AppVocabulary(Self.emptyPlist, locale: locale, file: folder + "/" + l.folder + "/AppIntentVocabulary.plist",
                                                   intents: .lenient)
                vocabulary.parameterVocabularies = l.parameterVocabularies
                vocabulary.intentPhrases = l.intentPhrases
                localization.vocabulary = vocabulary
            }
            app.localizations.append(localization)
        }
        return app
    }
}
