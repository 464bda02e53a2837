import ParlanceText

/// An installed app as Parlance sees it: identifier, names per locale with their provenance,
/// supported intents, custom intents and vocabulary.
public struct App: Sendable {
    /// One localization of the app: an `.lproj` folder or a language of `InfoPlist.xcstrings`.
    public struct Localization: Sendable {
        public struct Entry: Sendable, Hashable {
            public var value: String
            public var source: String
            public var line: Int?
        }
        /// `de.lproj`, `zh_CN.lproj`, `Base.lproj`, or `InfoPlist.xcstrings`.
        public var folder: String
        public var locale: LocaleID
        public var names: [LocalizedName.Kind: Entry]
        public var vocabulary: AppVocabulary?
        /// The `.strings`, `.stringsdict` or String Catalog files that localize the app into this
        /// locale, as shown in messages. Any of them makes the app show this language, whether or
        /// not its names are localized (the linter checks that they are).
        public var stringsFiles: [String] = []
    }

    /// An intent the app or one of its extensions declares it handles.
    public struct SupportedIntent: Hashable, Sendable, Codable {
        public var name: String
        /// `Info.plist` or `PlugIns/Intents.appex/Info.plist`.
        public var source: String
    }

    /// Something true about the app that is not an error: a localization without a display name,
    /// no `Info.plist`. The linter explains these; `parlance apps` shows them.
    public struct Note: Hashable, Sendable, Codable, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): note: \(message)" }
    }

    public var bundleIdentifier: String
    /// The folder the app was read from, as shown in messages.
    public var path: String
    public var developmentRegion: LocaleID?
    /// `CFBundleDisplayName`, `CFBundleName`, `CFBundleSpokenName` as written in Info.plist.
    public var infoPlistNames: [LocalizedName.Kind: String]
    public var alternativeNames: [LocalizedName]
    public var localizations: [Localization]
    public var supportedIntents: [SupportedIntent]
    public var intentDefinitions: [IntentDefinition]
    public var notes: [Note]

    public var customIntents: [CustomIntent] { intentDefinitions.flatMap(\.intents) }

    /// Localizations in the order to try for `locale`, each with its fallback kind and step.
    ///
    /// - Complexity: O(c·l) for a chain of c locales and l localizations.
    public func localizations(for locale: LocaleID) -> [(Localization, LocalizedName.Fallback, Int)] {
        var out: [(Localization, LocalizedName.Fallback, Int)] = []
        var used = Set<String>()
        func add(_ l: Localization, _ f: LocalizedName.Fallback, _ step: Int) {
            if used.insert(l.folder).inserted { out.append((l, f, step)) }
        }
        let chain = locale.isBase ? [] : locale.fallbackChain
        for (step, wanted) in chain.enumerated() {
            let fallback: LocalizedName.Fallback = step == 0 ? .exact : .parentLocale
            for l in localizations where !l.locale.isBase && l.locale == wanted { add(l, fallback, step) }
            // The same locale spelled another way: zh_CN.lproj for zh-Hans, ko-KR.lproj for ko. A
            // folder further up the chain (pt.lproj for pt-BR) waits for its own step.
            let max = wanted.maximized
            for l in localizations where !l.locale.isBase && !chain.contains(l.locale) && l.locale.maximized == max {
                add(l, fallback, step)
            }
        }
        var step = chain.count
        for l in localizations where l.locale.isBase { add(l, .base, step) }
        step += 1
        if let dev = developmentRegion {
            for l in localizations where !l.locale.isBase && (l.locale == dev || l.locale.maximized == dev.maximized) {
                add(l, .developmentRegion, step)
            }
        }
        return out
    }

    /// The name of `kind` for `locale`: the first localization in the fallback order that has
    /// one, else Info.plist's.
    public func name(_ kind: LocalizedName.Kind, for locale: LocaleID) -> LocalizedName? {
        let ordered = localizations(for: locale)
        for (l, fallback, step) in ordered {
            if let e = l.names[kind] {
                return LocalizedName(value: e.value, kind: kind, locale: l.locale.isBase ? nil : l.locale, source: e.source,
                                     line: e.line, fallback: fallback, fallbackStep: step)
            }
        }
        guard let v = infoPlistNames[kind] else { return nil }
        let step = (locale.isBase ? 0 : locale.fallbackChain.count) + 2
        return LocalizedName(value: v, kind: kind, locale: nil, source: CatalogFiles.shown(path, "Info.plist"),
                             fallback: .infoPlist, fallbackStep: step)
    }

    /// What users call the app in `locale`: `CFBundleDisplayName`, else `CFBundleName`.
    public func displayName(for locale: LocaleID) -> LocalizedName? {
        name(.displayName, for: locale) ?? name(.bundleName, for: locale)
    }

    /// Every name the app answers to in `locale`: display name, bundle name, spoken name and
    /// alternative names, without repeats.
    public func names(for locale: LocaleID) -> [LocalizedName] {
        var out: [LocalizedName] = []
        for n in [name(.displayName, for: locale), name(.bundleName, for: locale), name(.spokenName, for: locale)]
        where n != nil && !out.contains(where: { $0.value == n!.value }) {
            out.append(n!)
        }
        return out + alternativeNames.filter { a in !out.contains { $0.value == a.value } }
    }

    /// The app's vocabulary for `locale` (`AppIntentVocabulary.plist`), falling back to `Base.lproj`.
    public func vocabulary(for locale: LocaleID) -> AppVocabulary? {
        localizations(for: locale).lazy.compactMap { $0.0.vocabulary }.first
    }
}

/// Why an app bundle is inconsistent (syntax errors in its files come from their own readers).
public enum AppBundleError: LocatedError, Equatable {
    case notABundle(ErrorSite)
    case unknownIntent(ErrorSite, name: String, suggestion: String?)
    case unknownParameter(ErrorSite, intent: String, name: String, known: [String])
    case malformedParameterName(ErrorSite, name: String)
    case unknownLocalization(ErrorSite, folder: String, detail: String)
    case duplicateBundleIdentifier(ErrorSite, identifier: String, first: String)
    /// A folder given as apps holds none.
    case noApps(ErrorSite)

    public var site: ErrorSite {
        switch self {
        case .notABundle(let s), .noApps(let s), .unknownIntent(let s, _, _), .unknownParameter(let s, _, _, _),
             .malformedParameterName(let s, _), .unknownLocalization(let s, _, _), .duplicateBundleIdentifier(let s, _, _):
            return s
        }
    }

    public var message: String {
        switch self {
        case .notABundle: return "not an app: the folder holds neither Info.plist nor any .lproj folder"
        case .noApps: return "no apps here: no Foo.app, Info.plist or .lproj folder within 8 levels"
        case .unknownIntent(_, let n, _): return "'\(n)' is not a SiriKit intent Parlance knows"
        case .unknownParameter(_, let i, let n, _): return "\(i) has no parameter '\(n)'"
        case .malformedParameterName(_, let n): return "'\(n)' is not a parameter key path"
        case .unknownLocalization(_, let f, let d): return "'\(f)' does not name a locale: \(d)"
        case .duplicateBundleIdentifier(_, let id, let first): return "bundle identifier '\(id)' is already used by \(first)"
        }
    }

    public var hint: String {
        switch self {
        case .notABundle: return "point at a Foo.app folder, or a folder holding Info.plist and <lang>.lproj folders"
        case .noApps: return "point at an app (Foo.app, or a folder of <lang>.lproj folders) or a folder that holds apps"
        case .unknownIntent(_, _, let s):
            return s.map { "did you mean '\($0)'?" }
                ?? "use a SiriKit intent class name from Vocabulary/Domains, or define the intent in an .intentdefinition"
        case .unknownParameter(_, _, let n, let known):
            return NearestName.closest(to: n, in: known).map { "did you mean '\($0)'?" } ?? "use one of: " + known.joined(separator: ", ")
        case .malformedParameterName: return "write <Intent>.<parameter>, e.g. INRequestRideIntent.rideOptionName"
        case .unknownLocalization: return "name the folder with a language code: en.lproj, pt-BR.lproj, zh-Hans.lproj, Base.lproj"
        case .duplicateBundleIdentifier: return "give each app its own CFBundleIdentifier, or load only one copy"
        }
    }
}
