import ParlanceText

/// An app localized into a language whose name is not: its speakers see, and must say, a name
/// from another language — in another script, one they may not be able to say at all.
public struct MissingLocalizedDisplayNameRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "missing_localized_display_name", name: "Missing localized display name", severity: .warning,
        description: """
            An app localized into a language (an .lproj folder with any strings, or a String Catalog language) \
            should set CFBundleDisplayName there: otherwise its speakers get the name of another language. \
            When that name is written in another script (a Latin name for Russian, Japanese or Chinese speakers), \
            the finding is an error: the app is invisible to them by voice.
            """,
        triggeringExamples: [
            LintExample("Russian strings, name only in English", apps: [
                AppFixture("com.example.awesome", displayName: "Awesome")
                    .lproj("en", ["CFBundleDisplayName": "Awesome"])
                    .lproj("ru", ["NSContactsUsageDescription": "Awesome ищет людей, которым вы пишете."]),
            ]),
            LintExample("German strings, name only in English", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").lproj("de", ["NSCameraUsageDescription": "Fotos senden"]),
            ]),
            LintExample("a String Catalog language without the name", apps: [
                AppFixture("com.example.flicks", displayName: "Flicks")
                    .stringCatalog("en", ["CFBundleDisplayName": "Flicks"]).stringCatalog("ja", ["NSCameraUsageDescription": "写真"]),
            ]),
            LintExample("Traditional Chinese strings, name only in Simplified", apps: [
                AppFixture("com.example.pigeon", displayName: "信鸽", developmentRegion: "zh-Hans")
                    .lproj("zh-Hans", ["CFBundleDisplayName": "信鸽"]).lproj("zh-Hant", ["NSCameraUsageDescription": "傳送照片"]),
            ]),
            LintExample("localized, but no name anywhere", apps: [
                AppFixture("com.example.nameless").lproj("de", ["NSCameraUsageDescription": "Fotos"]),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("every localization names the app", apps: [
                AppFixture("com.example.awesome", displayName: "Awesome")
                    .lproj("en", ["CFBundleDisplayName": "Awesome"]).lproj("ru", ["CFBundleDisplayName": "Классно"]),
            ]),
            LintExample("Brazilian strings fall back to a Portuguese name", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon")
                    .lproj("pt", ["CFBundleDisplayName": "Pombo"]).lproj("pt-BR", ["NSCameraUsageDescription": "Enviar fotos"]),
            ]),
            LintExample("the development language uses Info.plist's name", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").lproj("en", ["NSCameraUsageDescription": "Send photos"]),
            ]),
            LintExample("a String Catalog names the app where an .lproj does not", apps: [
                AppFixture("com.example.flicks", displayName: "Flicks")
                    .stringCatalog("ru", ["CFBundleDisplayName": "Киновечер"]).lproj("ru", ["NSCameraUsageDescription": "Фото"]),
            ]),
            LintExample("a vocabulary alone does not localize the name", apps: [
                AppFixture("com.example.pigeon", displayName: "Pigeon").intentPhrases("ru", intent: "INSendMessageIntent", "Напиши Маше"),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        context.input.apps.flatMap(check)
    }

    private func check(_ app: App) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<LocaleID>()
        var nameless: [App.Localization] = []
        for l in app.localizations where !l.locale.isBase && !l.stringsFiles.isEmpty && seen.insert(l.locale).inserted {
            guard let name = app.displayName(for: l.locale) else {
                nameless.append(l)
                continue
            }
            // A name in the same language and script serves (pt for pt-BR); Simplified Chinese
            // does not serve Traditional, nor Serbian Cyrillic Serbian Latin.
            if let nameLocale = name.locale ?? app.developmentRegion, nameLocale.language == l.locale.language,
               nameLocale.maximized.script == l.locale.maximized.script { continue }
            let file = l.stringsFiles.first { $0.hasSuffix("/InfoPlist.strings") } ?? l.stringsFiles[0]
            let script = l.locale.maximized.script ?? "Latn"
            let nameScripts = Confusables.scripts(name.value)
            let otherScript = !nameScripts.isEmpty && nameScripts.isDisjoint(with: ScriptText.letters(of: script))
            var message = "\(l.folder) localizes the app into \(l.locale) but not its display name: \(l.locale) speakers get "
                + "'\(name.value)' from \(name.line.map { "\(name.source):\($0)" } ?? name.source)"
            if otherScript {
                message += ", written in \(nameScripts.sorted().map(ScriptText.name).joined(separator: " and ")) "
                    + "where \(l.locale) is written in \(ScriptText.name(script))"
            }
            findings.append(finding(message, at: ErrorSite(file: file), severity: otherScript ? .error : nil,
                                    suggestion: Self.suggestion(for: l, file: file)))
        }
        if !nameless.isEmpty {
            let languages = nameless.map(\.locale.identifier).joined(separator: ", ")
            findings.append(finding(
                "the app is localized into \(languages) but none of its files names it: no localization sets "
                    + "CFBundleDisplayName and there is no Info.plist here to fall back to",
                at: ErrorSite(file: app.path),
                suggestion: "add CFBundleDisplayName to each <lang>.lproj/InfoPlist.strings; if an Info.plist elsewhere names "
                    + "the app, lint the folder that holds it"))
        }
        return findings
    }

    static func suggestion(for l: App.Localization, file: String) -> String {
        if file.hasSuffix(".xcstrings") { return "translate CFBundleDisplayName into \(l.locale) in \(PathText(file).lastComponent)" }
        return "add \"CFBundleDisplayName\" = \"…\"; to \(l.folder)/InfoPlist.strings"
    }
}

/// A display name with characters that have no spoken form: Siri cannot be asked for it.
public struct DisplayNameNotSpeakableRule: LintRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "display_name_not_speakable", name: "Display name not speakable", severity: .warning,
        description: """
            A display name with emoji, symbols or number forms that have no spoken form (★, ♪, ++, ², Ⅻ), or \
            with no letters at all (2048), cannot be said reliably. Give the app a CFBundleSpokenName or \
            an INAlternativeAppNames entry users can say.
            """,
        triggeringExamples: [
            LintExample("an emoji", apps: [AppFixture("com.example.flicks", displayName: "Flicks 🎬")]),
            LintExample("symbols in a localized name", apps: [
                AppFixture("com.example.steps", displayName: "Steps").lproj("de", ["CFBundleDisplayName": "Schritte++"]),
            ]),
            LintExample("digits only", apps: [AppFixture("com.example.game", displayName: "2048")]),
        ],
        nonTriggeringExamples: [
            LintExample("letters and digits", apps: [AppFixture("com.example.vault", displayName: "1Password")]),
            LintExample("a trademark sign", apps: [AppFixture("com.example.awesome", displayName: "Awesome™")]),
            LintExample("a spoken name says it", apps: [
                AppFixture("com.example.steps", displayName: "Steps++", infoPlist: ["CFBundleSpokenName": "steps plus plus"]),
            ]),
            LintExample("an alternative name says it", apps: [
                AppFixture("com.example.game", displayName: "2048").alternativeNames("twenty forty-eight"),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        context.input.apps.flatMap { app in
            app.nameSites.filter { $0.kind == .displayName || $0.kind == .bundleName }.compactMap { name -> Finding? in
                guard let problem = Self.unspeakable(name.value) else { return nil }
                let locale = name.locale ?? app.developmentRegion ?? .base
                if let spoken = app.name(.spokenName, for: locale), Self.unspeakable(spoken.value) == nil { return nil }
                if app.alternativeNames.contains(where: { Self.unspeakable($0.value) == nil }) { return nil }
                return finding("\(name.key) '\(name.value)' \(problem): Siri cannot be asked for it by that name", at: name.site,
                               suggestion: "add CFBundleSpokenName with how to say it, or an INAlternativeAppNames entry")
            }
        }
    }

    /// Signs nobody says and Siri ignores: ©, ®, ™, ℠.
    static let silentMarks: Set<Unicode.Scalar> = ["\u{A9}", "\u{AE}", "\u{2122}", "\u{2120}"]

    /// Why `name` cannot be said, or nil when it can.
    static func unspeakable(_ name: String) -> String? {
        for u in name.unicodeScalars where !silentMarks.contains(u) {
            let p = u.properties
            switch p.generalCategory {
            case .otherSymbol, .mathSymbol, .modifierSymbol, .privateUse, .letterNumber:
                return "contains '\(Character(u))' (\(ScriptText.describe(u))), which has no spoken form"
            case .otherNumber where !p.isEmoji:
                return "contains '\(Character(u))' (\(ScriptText.describe(u))), which has no spoken form"
            default:
                if p.isEmojiPresentation { return "contains the emoji '\(Character(u))', which has no spoken form" }
            }
        }
        if !name.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) { return "has no letters, so how to say it is ambiguous" }
        return nil
    }
}

/// More alternative names than Siri listens for.
public struct TooManyAlternativeNamesRule: LintRule {
    public init() {}

    public static let limit = 3

    public static let description = RuleDescription(
        identifier: "too_many_alternative_names", name: "Too many alternative names", severity: .warning,
        description: "Siri listens for at most \(limit) INAlternativeAppNames per app; the rest are ignored.",
        triggeringExamples: [
            LintExample("four alternative names", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon").alternativeNames("Wender Loon", "Balloon Rides", "Loon", "Wender"),
            ]),
        ],
        nonTriggeringExamples: [
            LintExample("three alternative names", apps: [
                AppFixture("com.example.loon", displayName: "WenderLoon").alternativeNames("Wender Loon", "Balloon Rides", "Loon"),
            ]),
        ])

    public func validate(_ context: LintContext) -> [Finding] {
        context.input.apps.flatMap { app -> [Finding] in
            Dictionary(grouping: app.alternativeNames, by: \.source).sorted { $0.key < $1.key }.compactMap { source, names in
                guard names.count > Self.limit else { return nil }
                return finding("\(names.count) INAlternativeAppNames (\(names.map(\.value).joined(separator: ", "))): Siri listens for at most \(Self.limit)",
                               at: ErrorSite(file: source, keyPath: "INAlternativeAppNames[\(Self.limit)]"),
                               suggestion: "keep the \(Self.limit) names users say most")
            }
        }
    }
}
