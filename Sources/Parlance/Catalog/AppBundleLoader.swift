import ParlanceText

extension App {
    static let nameKeys: [(String, LocalizedName.Kind)] = [
        ("CFBundleDisplayName", .displayName), ("CFBundleName", .bundleName), ("CFBundleSpokenName", .spokenName),
    ]

    /// Reads an app in Apple's layout: `Info.plist` (XML or binary), `<lang>.lproj/InfoPlist.strings`,
    /// `InfoPlist.xcstrings`, `<lang>.lproj/AppIntentVocabulary.plist`, `*.intentdefinition` with
    /// their `.strings`, and Intents extensions (`*.appex`, `PlugIns/*.appex`). A macOS-style
    /// `Contents/` folder is followed.
    ///
    /// A folder without `Info.plist` but with `.lproj` folders loads too (a localization
    /// repository), identified by its path, with a note saying so.
    ///
    /// - Parameters:
    ///   - path: the bundle folder on disk.
    ///   - shownAs: how messages name the folder (defaults to `path`).
    ///   - schemas: intent names in the app's files are checked against these.
    /// - Complexity: O(n) in the total size of the bundle's files.
    public static func load(at path: String, shownAs: String? = nil, schemas: DomainSchemaSet) throws -> App {
        try load(at: path, shownAs: shownAs, schemas: schemas, locales: LocaleNameCache())
    }

    static func load(at path: String, shownAs: String?, schemas: DomainSchemaSet, locales: LocaleNameCache) throws -> App {
        let shown = shownAs ?? path
        var root = path, shownRoot = shown
        if CatalogFiles.isFile(path + "/Contents/Info.plist") {
            root += "/Contents"
            shownRoot += "/Contents"
        }
        var resources = root, shownResources = shownRoot
        if CatalogFiles.isDirectory(root + "/Resources"), root.hasSuffix("/Contents") {
            resources += "/Resources"
            shownResources += "/Resources"
        }
        let lprojs = CatalogFiles.listIfPresent(resources, suffix: ".lproj").filter { CatalogFiles.isDirectory(resources + "/" + $0) }
        let infoPath = root + "/Info.plist"
        let hasInfo = CatalogFiles.isFile(infoPath)
        guard hasInfo || !lprojs.isEmpty else { throw AppBundleError.notABundle(ErrorSite(file: shown)) }

        // Without a CFBundleIdentifier the folder identifies the app: its whole path, since
        // localization folders are often just `Resources`.
        var app = App(bundleIdentifier: shown, path: shown, developmentRegion: nil,
                      infoPlistNames: [:], alternativeNames: [], localizations: [], supportedIntents: [],
                      intentDefinitions: [], notes: [])

        // Custom intents first: Info.plist may list their classes.
        var definitionPaths = CatalogFiles.listIfPresent(resources, suffix: ".intentdefinition").map { ($0, $0) }
        for l in lprojs {
            definitionPaths += CatalogFiles.listIfPresent(resources + "/" + l, suffix: ".intentdefinition").map { (l + "/" + $0, $0) }
        }
        for (relative, _) in definitionPaths {
            app.intentDefinitions.append(try IntentDefinition.load(
                resources + "/" + relative, displayPath: CatalogFiles.shown(shownResources, relative), localizationRoot: resources))
        }
        let check = IntentNameCheck(schemas: schemas, customIntents: app.customIntents)

        if hasInfo {
            let shownInfo = CatalogFiles.shown(shownRoot, "Info.plist")
            let info = try PropertyList.load(infoPath, displayPath: shownInfo)
            _ = try info.dictionary()
            if let id = try info.optional("CFBundleIdentifier") {
                app.bundleIdentifier = try id.string()
            } else {
                app.notes.append(Note(file: shownInfo, message: "no CFBundleIdentifier; the folder's path identifies the app"))
            }
            for (key, kind) in nameKeys {
                if let v = try info.optional(key)?.string(), !v.isEmpty { app.infoPlistNames[kind] = v }
            }
            if let dev = try info.optional("CFBundleDevelopmentRegion") {
                app.developmentRegion = try locales.locale(try dev.string(), site: dev.site)
            }
            for alt in try info.optional("INAlternativeAppNames")?.array() ?? [] {
                app.alternativeNames.append(LocalizedName(
                    value: try alt.required("INAlternativeAppName").string(), kind: .alternative, locale: nil,
                    source: shownInfo, fallback: .infoPlist, fallbackStep: 0,
                    pronunciationHint: try alt.optional("INAlternativeAppNamePronunciationHint")?.string()))
            }
            app.supportedIntents += try supportedIntents(info.optional("INIntentsSupported"), source: shownInfo, check: check)
        } else {
            app.notes.append(Note(file: shown, message: "no Info.plist: names come from the .lproj folders only"))
        }

        var extensions = CatalogFiles.listIfPresent(root, suffix: ".appex")
        extensions += CatalogFiles.listIfPresent(root + "/PlugIns", suffix: ".appex").map { "PlugIns/" + $0 }
        for ext in extensions where CatalogFiles.isFile(root + "/" + ext + "/Info.plist") {
            let shownInfo = CatalogFiles.shown(shownRoot, ext + "/Info.plist")
            let info = try PropertyList.load(root + "/" + ext + "/Info.plist", displayPath: shownInfo)
            let attributes = try info.optional("NSExtension")?.optional("NSExtensionAttributes")
            app.supportedIntents += try supportedIntents(attributes?.optional("IntentsSupported"), source: shownInfo, check: check)
        }

        for l in lprojs {
            app.localizations.append(try localization(folder: l, in: resources, shown: shownResources, check: check,
                                                      locales: locales, notes: &app.notes))
        }
        if CatalogFiles.isFile(resources + "/InfoPlist.xcstrings") {
            let catalog = try StringCatalog.load(resources + "/InfoPlist.xcstrings",
                                                 displayPath: CatalogFiles.shown(shownResources, "InfoPlist.xcstrings"))
            app.localizations += try localizations(from: catalog, locales: locales)
        }
        let named: (Localization) -> Bool = { $0.names[.displayName] != nil || $0.names[.bundleName] != nil }
        if app.infoPlistNames[.displayName] == nil, app.infoPlistNames[.bundleName] == nil, !app.localizations.contains(where: named) {
            app.notes.append(Note(file: shown, message: "no display name: neither Info.plist nor any localization sets CFBundleDisplayName or CFBundleName"))
        }
        return app
    }

    private static func supportedIntents(_ node: PropertyList?, source: String, check: IntentNameCheck) throws -> [SupportedIntent] {
        guard let node else { return [] }
        return try node.array().map { item in
            let name = try item.string()
            try check.check(name, site: item.site)
            return SupportedIntent(name: name, source: source)
        }
    }

    private static func localization(folder: String, in resources: String, shown: String, check: IntentNameCheck,
                                     locales: LocaleNameCache, notes: inout [Note]) throws -> Localization {
        let shownFolder = CatalogFiles.shown(shown, folder)
        let locale = try locales.locale(folder, site: ErrorSite(file: shownFolder))
        var l = Localization(folder: folder, locale: locale, names: [:], vocabulary: nil)
        l.stringsFiles = CatalogFiles.listIfPresent(resources + "/" + folder)
            .filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
            .map { CatalogFiles.shown(shownFolder, $0) }
        let stringsPath = resources + "/" + folder + "/InfoPlist.strings"
        if CatalogFiles.isFile(stringsPath) {
            let shownStrings = CatalogFiles.shown(shownFolder, "InfoPlist.strings")
            let strings = try StringsFile.load(stringsPath, displayPath: shownStrings)
            for (key, kind) in nameKeys {
                if let e = strings[key], !e.value.isEmpty {
                    l.names[kind] = Localization.Entry(value: e.value, source: shownStrings, line: e.location.line)
                }
            }
            if l.names[.displayName] == nil {
                notes.append(Note(file: shownStrings, message: "no CFBundleDisplayName: \(locale) falls back to another localization"))
            }
        }
        let vocabPath = resources + "/" + folder + "/AppIntentVocabulary.plist"
        if CatalogFiles.isFile(vocabPath) {
            l.vocabulary = try AppVocabulary.load(vocabPath, displayPath: CatalogFiles.shown(shownFolder, "AppIntentVocabulary.plist"),
                                                  locale: locale, intents: check)
        }
        return l
    }

    private static func localizations(from catalog: StringCatalog, locales: LocaleNameCache) throws -> [Localization] {
        var byLanguage: [String: [LocalizedName.Kind: Localization.Entry]] = [:]
        // Every language the catalog translates anything into is a localization, named or not.
        for units in catalog.strings.values {
            for (language, unit) in units where !unit.value.isEmpty { byLanguage[language, default: [:]] = [:] }
        }
        for (key, kind) in nameKeys {
            for language in catalog.languages(for: key) {
                let u = catalog.unit(key, language: language)!
                byLanguage[language, default: [:]][kind] = Localization.Entry(value: u.value, source: catalog.file, line: u.location.line)
            }
        }
        return try byLanguage.sorted { $0.key < $1.key }.map { language, names in
            Localization(folder: "InfoPlist.xcstrings (\(language))",
                         locale: try locales.locale(language, site: ErrorSite(file: catalog.file)),
                         names: names, vocabulary: nil, stringsFiles: [catalog.file])
        }
    }
}
